import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
// Self-hosted fonts, Latin subset only (Portuguese included): no request leaves the site.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/playfair-display/latin-700.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The declarative router: the app has no loaders or actions, and it keeps the first download small.
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// "/" arrives prerendered (index.html) and is hydrated; every other page starts from the empty shell (app.html).
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
