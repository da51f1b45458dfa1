import { hydrateIslands } from './app/hydrate-islands';
import { afterFirstContentfulPaint, afterNextPaint } from './lib/after-next-paint';
import { glideHome, handleStaticAnchors } from './lib/scroll';
import { loadPhotosNear } from './lib/load-photos-near';
import { revealOnScroll } from './lib/reveal-on-scroll';
// Self-hosted fonts, Latin subset only (Portuguese included): no request leaves the site. Two
// files, 46 KB: bold text is Inter 400 made bold by the browser, which saves a third file of 24 KB
// (docs/decisions/0015-real-photos-and-first-view.md).
import '@fontsource/inter/latin-400.css';
import '@fontsource/playfair-display/latin-700.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
handleStaticAnchors(document);

// "/" and the other languages' pages ("/pt/") arrive prerendered. Most of the page stays that
// HTML; its interactive parts are islands, each hydrated as a React root of its own, the ones
// above the fold after the first contentful paint and the others as they come near
// (docs/decisions/0021-react-islands.md). Every other path gets the empty shell (app.html) and the
// router, which the landing page's visitors never download.
if (root.hasChildNodes()) {
  for (const year of document.querySelectorAll('[data-current-year]'))
    year.textContent = String(new Date().getFullYear());
  revealOnScroll(root);
  loadPhotosNear(root);
  // Measuring the home section forces a layout; after the first paint it is no longer the first frame's.
  afterNextPaint(glideHome);
  // No island's code is asked for before the page's content is drawn (decision 0028).
  afterFirstContentfulPaint(() => hydrateIslands(root));
} else {
  void import('./app/start-router').then(({ startRouter }) => startRouter(root));
}
