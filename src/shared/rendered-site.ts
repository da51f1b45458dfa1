import type { ImageManifest } from './images.js';

// What the prerender and the server both ask of the built SSR entry (dist/ssr/entry-server.js):
// every page of the site, rendered from a content document given at run time
// (docs/decisions/0023-page-carries-its-content.md). Types only: the server never imports the
// client's code, it loads the built file.

/** The client build's HTML shell (before the prerender fills it) and the stylesheet it links. */
export interface BuiltShell {
  html: string;
  css: string;
}

export interface SiteRenderInput {
  /** A content document: the shape of content/property.json, checked against PropertySchema. */
  content: unknown;
  /** The photos the content names, encoded (the build's manifest, or a published set's). */
  images: ImageManifest;
  shell: BuiltShell;
}

export interface RenderedPage {
  locale: string;
  /** Where the page is served: `/`, `/pt/`, `/privacy`… */
  path: string;
  /** Its file in the built client: `index.html`, `pt/index.html`, `pt/privacy.html`… */
  file: string;
  /** The complete document. */
  html: string;
}

export interface RenderedSite {
  /** Each language's landing page, the default language's first. */
  landings: RenderedPage[];
  /** Each language's privacy page, sent without script (docs/decisions/0014-privacy-page.md). */
  privacy: RenderedPage[];
  /** The owner's login page, its form an island (LOGIN_PAGE in shared/admin.ts). */
  login: RenderedPage;
  /** The shell of every other path (/admin, /booking/…): app.html. */
  app: { file: string; html: string };
}

/** What the built SSR entry exports. */
export interface SiteRenderer {
  renderSite: (input: SiteRenderInput) => RenderedSite;
  /** The address of the stylesheet the shell links, such as `/assets/index-….css`. */
  stylesheetHref: (shell: string) => string;
  /** The photo manifest of the build: the photos in dist/client/assets/img. */
  builtImages: ImageManifest;
  /** The text of the band over a preview of the draft, in a page's language. */
  previewBand: (locale: string) => string;
}

/**
 * The empty shell, kept by the prerender next to the served folder (the prerender fills
 * index.html, the served copy), like client-manifest.json.
 */
export const SHELL_FILE = 'client-shell.html';
