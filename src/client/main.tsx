import { hydrateRoot } from 'react-dom/client';
import { LandingRoot } from './app/landing-root';
import { setPageLocale } from './i18n/locale';
// Self-hosted fonts, Latin subset only (Portuguese included): no request leaves the site.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/playfair-display/latin-700.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// "/" and the other languages' pages ("/pt/") arrive prerendered and are hydrated as they are, in
// the language <html lang> names. Every other path gets the empty shell (app.html) and the router,
// which the landing page's visitors never download.
if (root.hasChildNodes()) {
  setPageLocale(document.documentElement.lang);
  hydrateRoot(root, <LandingRoot />);
} else {
  void import('./app/start-router').then(({ startRouter }) => startRouter(root));
}
