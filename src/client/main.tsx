import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
// Self-hosted fonts, Latin subset only (Portuguese included): no request leaves the site.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/playfair-display/latin-700.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
