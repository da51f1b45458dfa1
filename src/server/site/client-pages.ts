import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LOGIN_PAGE } from '../../shared/admin.js';
import { localePath, PRIVACY_PAGE } from '../../shared/locales.js';
import { fillPrivacyPage, type PrivacySettings } from '../../shared/privacy.js';
import { SITE_URL_PLACEHOLDER } from '../../shared/site-url.js';

export interface ClientPage {
  html: string;
  etag: string;
  /** The page compressed, made on the first request that accepts each encoding. */
  compressed: Partial<Record<PageEncoding, Buffer>>;
}

export const PAGE_ENCODINGS = ['br', 'gzip'] as const;
type PageEncoding = (typeof PAGE_ENCODINGS)[number];

export function compressedPage(page: ClientPage, encoding: PageEncoding): Buffer {
  page.compressed[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(page.html, { level: 9 });
  return page.compressed[encoding];
}

export interface ClientPages {
  /** The prerendered landing page of each language, by its path: `/`, `/pt/`… */
  landings: ReadonlyMap<string, ClientPage>;
  /** The privacy page of each language, by its path: `/privacy`, `/pt/privacy`… */
  privacy: ReadonlyMap<string, ClientPage>;
  /** The owner's login page (LOGIN_PAGE). */
  login: ClientPage;
  /** Every other page path: the empty shell the app renders into. */
  shell: ClientPage;
  /** CSP sources for the inline scripts (the JSON-LD), so no 'unsafe-inline' is needed. */
  scriptHashes: string[];
}

// An inline script of the page's, hashed for the CSP (docs/decisions/0004-csp.md); the page's data
// block is never run, and changes with the content, so it needs none (0023-page-carries-its-content.md).
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

function page(html: string): ClientPage {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`, compressed: {} };
}

/** A site's documents as files or rendered: each landing and privacy page by path, and the shell. */
export interface SiteDocuments {
  landings: ReadonlyArray<readonly [path: string, html: string]>;
  privacy: ReadonlyArray<readonly [path: string, html: string, locale: string]>;
  login: string;
  shell: string;
}

/**
 * Puts the site's address into the pages (SITE_URL is only known now, not when the page was
 * rendered; docs/decisions/0005-prerender-and-lazy-chunks.md), and the durations the server keeps
 * data for into the privacy pages (0014-privacy-page.md).
 */
export function toClientPages(site: SiteDocuments, siteUrl: string, settings: PrivacySettings): ClientPages {
  const filled = (html: string) => html.replaceAll(SITE_URL_PLACEHOLDER, siteUrl);
  const landings = new Map(site.landings.map(([path, html]) => [path, page(filled(html))]));
  const privacy = new Map(
    site.privacy.map(([path, html, locale]) => [path, page(fillPrivacyPage(filled(html), locale, settings))]),
  );
  const login = page(filled(site.login));
  const shell = page(filled(site.shell));
  const scriptHashes = [...landings.values(), ...privacy.values(), login, shell]
    .flatMap((built) => [...built.html.matchAll(INLINE_SCRIPT)])
    .map(
      (match) =>
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
    );
  return { landings, privacy, login, shell, scriptHashes: [...new Set(scriptHashes)] };
}

/** The built pages of these languages (CONTENT_SOURCE=files: the build's texts are the content's). */
export function loadClientPages(
  clientDir: string,
  siteUrl: string,
  locales: readonly string[],
  settings: PrivacySettings,
): ClientPages {
  const read = (name: string) => {
    const file = join(clientDir, name);
    if (!existsSync(file)) throw new Error(`The built client is missing ${file}: run "npm run build" first`);
    return readFileSync(file, 'utf8');
  };
  return toClientPages(
    {
      landings: locales
        .map((locale) => localePath(locale, locales))
        .map((path) => [path, read(join(path, 'index.html'))]),
      privacy: locales.map((locale) => {
        const path = localePath(locale, locales, PRIVACY_PAGE);
        return [path, read(`${path}.html`), locale];
      }),
      login: read(LOGIN_PAGE.file),
      shell: read('app.html'),
    },
    siteUrl,
    settings,
  );
}

/** The pages of the published content, as they are now. */
export type CurrentPages = () => ClientPages;
