import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localePath } from '../../shared/locales.js';
import { SITE_URL_PLACEHOLDER } from '../../shared/site-url.js';

export interface ClientPage {
  html: string;
  etag: string;
}

export interface ClientPages {
  /** The prerendered landing page of each language, by its path: `/`, `/pt/`… */
  landings: ReadonlyMap<string, ClientPage>;
  /** Every other page path: the empty shell the app renders into. */
  shell: ClientPage;
  /** CSP sources for the inline scripts (the JSON-LD), so no 'unsafe-inline' is needed. */
  scriptHashes: string[];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

function page(html: string): ClientPage {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
}

/**
 * Reads the built pages once at start and puts the site's address into them (SITE_URL is only
 * known now, not when the page was prerendered; docs/decisions/0005-prerender-and-lazy-chunks.md).
 */
export function loadClientPages(clientDir: string, siteUrl: string, locales: readonly string[]): ClientPages {
  const read = (name: string) => {
    const file = join(clientDir, name);
    if (!existsSync(file)) throw new Error(`The built client is missing ${file}: run "npm run build" first`);
    return readFileSync(file, 'utf8').replaceAll(SITE_URL_PLACEHOLDER, siteUrl);
  };
  const landings = new Map(locales.map((locale) => localePath(locale, locales)).map((path) => [path, page(read(join(path, 'index.html')))]));
  const shell = page(read('app.html'));
  const scriptHashes = [...[...landings.values()].flatMap((landing) => [...landing.html.matchAll(INLINE_SCRIPT)]), ...shell.html.matchAll(INLINE_SCRIPT)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`,
  );
  return { landings, shell, scriptHashes: [...new Set(scriptHashes)] };
}
