import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { localePath, PRIVACY_PAGE } from '../../shared/locales.js';
import { fillPrivacyPage, type PrivacySettings } from '../../shared/privacy.js';
import { SITE_URL_PLACEHOLDER } from '../../shared/site-url.js';

export interface ClientPage {
  html: string;
  etag: string;
  /** The page compressed, made on the first request that accepts each encoding. */
  compressed: Partial<Record<PageEncoding, Buffer>>;
}

/** For files under /assets/: their names carry their content's hash, so a year is safe. */
export const HASHED_ASSET_CACHE_CONTROL = `public, max-age=${365 * 24 * 60 * 60}, immutable`;

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
  /** Every other page path: the empty shell the app renders into. */
  shell: ClientPage;
  /** CSP sources for the inline scripts (the JSON-LD), so no 'unsafe-inline' is needed. */
  scriptHashes: string[];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

function page(html: string): ClientPage {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`, compressed: {} };
}

/**
 * Reads the built pages once at start and puts the site's address into them (SITE_URL is only
 * known now, not when the page was prerendered; docs/decisions/0005-prerender-and-lazy-chunks.md),
 * and the durations the server keeps data for into the privacy pages (0014-privacy-page.md).
 */
export function loadClientPages(
  clientDir: string,
  siteUrl: string,
  locales: readonly string[],
  settings: PrivacySettings,
): ClientPages {
  const read = (name: string) => {
    const file = join(clientDir, name);
    if (!existsSync(file)) throw new Error(`The built client is missing ${file}: run "npm run build" first`);
    return readFileSync(file, 'utf8').replaceAll(SITE_URL_PLACEHOLDER, siteUrl);
  };
  const landings = new Map(
    locales.map((locale) => localePath(locale, locales)).map((path) => [path, page(read(join(path, 'index.html')))]),
  );
  const privacy = new Map(
    locales.map((locale) => {
      const path = localePath(locale, locales, PRIVACY_PAGE);
      return [path, page(fillPrivacyPage(read(`${path}.html`), locale, settings))];
    }),
  );
  const shell = page(read('app.html'));
  const scriptHashes = [
    ...[...landings.values(), ...privacy.values()].flatMap((built) => [...built.html.matchAll(INLINE_SCRIPT)]),
    ...shell.html.matchAll(INLINE_SCRIPT),
  ].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
  return { landings, privacy, shell, scriptHashes: [...new Set(scriptHashes)] };
}

/** The pages of the published content's languages, as they are now. */
export type CurrentPages = () => ClientPages;

/**
 * The built pages for the current content's languages, loaded again when a publish changes them
 * (docs/decisions/0022-content-in-the-database.md). A language the build has no page for keeps
 * the pages as they were, with a warning, until the next build: the pages' texts are still the
 * build's (docs/decisions/0005-prerender-and-lazy-chunks.md).
 */
export function liveClientPages(
  clientDir: string,
  siteUrl: string,
  locales: readonly string[],
  settings: PrivacySettings,
  log: FastifyBaseLogger,
): { current: CurrentPages; follow: (locales: readonly string[]) => void } {
  let pages = loadClientPages(clientDir, siteUrl, locales, settings);
  let loadedFor = locales.join(',');
  return {
    current: () => pages,
    follow(next) {
      if (next.join(',') === loadedFor) return;
      try {
        pages = loadClientPages(clientDir, siteUrl, next, settings);
        loadedFor = next.join(',');
      } catch (error) {
        log.warn({ err: error, locales: next }, 'the published languages have no built pages yet; run npm run build');
      }
    },
  };
}
