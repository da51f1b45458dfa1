import type { Property } from '../../shared/content';
import type { ImageManifest } from '../../shared/images';

// The page carries the content its scripts read, written by the renderer into a JSON element,
// so that the bundles hold no content and stay the same when the owner publishes new texts
// (docs/decisions/0023-page-carries-its-content.md).

export const PAGE_DATA_ID = 'page-data';

export interface PageData {
  /** The content by locale: the page's language on a landing page, every language in the app shell. */
  contents: Record<string, Property>;
  /** The photos the page's islands draw. */
  images: ImageManifest;
  /**
   * Each of the site's languages named in itself (`pt-PT` → `Português`), for the language links:
   * written by the renderer, because the browser's Intl.DisplayNames costs a phone tens of
   * milliseconds to set up in the middle of hydration (decision 0028).
   */
  languageNames?: Record<string, string>;
  /** The site's languages, the default first, on a page that carries no content (the login page). */
  locales?: readonly string[];
}

/**
 * JSON for inside a <script> element. Every `<` is written `\u003c`, which JSON.parse reads back
 * as `<`: no text can close the element (`</script>`) or open a comment (`<!--`).
 */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Not a script the browser runs: a data block, which the CSP's script-src does not govern. */
export const pageDataScript = (data: PageData) =>
  `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script>`;

let pageData: PageData | undefined;

/** The page's data, parsed once. Without a document (the prerender) there is none: the renderer sets what it renders. */
export function readPageData(): PageData {
  if (pageData) return pageData;
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
  pageData = text ? (JSON.parse(text) as PageData) : { contents: {}, images: {} };
  return pageData;
}
