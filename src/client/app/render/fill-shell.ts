import type { BuiltShell } from '../../../shared/rendered-site';
import { type PageData, pageDataScript } from '../../lib/page-data';

// The built shell (dist/client/index.html before the prerender) filled with a rendered page:
// the same code for the build (scripts/prerender.ts) and for the server, which renders the pages
// of published content (docs/decisions/0023-page-carries-its-content.md). Every replacement is
// a function, so a `$&` in a text is written as typed.

const ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/;
const TITLE = /<title>[^<]*<\/title>/;

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const titleTag = (title: string) => `<title>${escapeText(title)}</title>`;

/** The address of the stylesheet the shell links, such as `/assets/index-….css`. */
export function stylesheetHref(shell: string): string {
  const href = shell.match(STYLESHEET)?.[1];
  if (!href) throw new Error('The built shell links no stylesheet');
  return href;
}

/** A page that needs no script is sent without the app's entry module and what it preloads. */
const withoutScripts = (html: string) =>
  html.replace(/\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');

export interface FilledPage {
  locale: string;
  title: string;
  /** The tags after the title: description, sharing cards, JSON-LD, hero preload. */
  head: string;
  /** What goes into #root. */
  body: string;
  /** What the page's scripts read; none for a page sent without script. */
  data?: PageData;
}

const withData = (data: PageData | undefined) => (data ? `\n    ${pageDataScript(data)}` : '');

export function shellFiller(shell: BuiltShell) {
  if (!shell.html.includes(ROOT)) throw new Error(`The built shell has no empty ${ROOT} to fill`);
  const stylesheet = shell.html.match(STYLESHEET)?.[0];
  if (!stylesheet) throw new Error('The built shell links no stylesheet');
  // The stylesheet goes inline on the prerendered pages: one round trip less before the first
  // paint. Its fonts are not preloaded: fetched as the first layout asks for them, they no longer
  // share a slow phone's first bytes with the page and the hero, and the text, drawn at once in
  // the fallback face (font-display: swap), keeps its box when they arrive (decision 0015).
  const style = `<style>${shell.css.replace(/<\/style/gi, '<\\/style')}</style>`;
  return {
    /** A prerendered page: the landing page of a language, or its privacy page (without data and script). */
    page({ locale, title, head, body, data }: FilledPage): string {
      const filled = shell.html
        .replace(/<html lang="[^"]*">/, () => `<html lang="${locale}">`)
        // Right after the title, so the hero preload is seen before anything else.
        .replace(TITLE, () => `${titleTag(title)}\n    ${head}`)
        .replace(stylesheet, () => style)
        .replace(ROOT, () => `<div id="root">${body}</div>${withData(data)}`);
      return data ? filled : withoutScripts(filled);
    },
    /** The shell of the router's paths: the default language's title and description, and the data. */
    app({ title, description, data }: { title: string; description: string; data: PageData }): string {
      return shell.html
        .replace(TITLE, () => `${titleTag(title)}\n    ${description}`)
        .replace(ROOT, () => `${ROOT}${withData(data)}`);
    },
  };
}
