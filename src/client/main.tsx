import './lib/effect-timing';
import { hydrateRoot } from 'react-dom/client';
import { LandingRoot } from './app/landing-root';
import { setPageLocale } from './i18n/locale';
import { afterNextPaint } from './lib/after-next-paint';
// Self-hosted fonts, Latin subset only (Portuguese included): no request leaves the site. Two
// files, 46 KB: bold text is Inter 400 made bold by the browser, which saves a third file of 24 KB
// (docs/decisions/0015-real-photos-and-first-view.md).
import '@fontsource/inter/latin-400.css';
import '@fontsource/playfair-display/latin-700.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// "/" and the other languages' pages ("/pt/") arrive prerendered and are hydrated as they are, in
// the language <html lang> names. Every other path gets the empty shell (app.html) and the router,
// which the landing page's visitors never download. Hydration waits until the prerendered page is
// painted, so the first paint does not wait for it and it is a task apart from this module's
// evaluation (docs/decisions/0017-hydrate-after-first-paint.md).
if (root.hasChildNodes()) {
  setPageLocale(document.documentElement.lang);
  afterNextPaint(() => hydrateRoot(root, <LandingRoot />));
} else {
  void import('./app/start-router').then(({ startRouter }) => startRouter(root));
}
