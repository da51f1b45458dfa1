import type { FastifyBaseLogger } from 'fastify';
import type { PrivacySettings } from '../../shared/privacy.js';
import type { RenderedSite } from '../../shared/rendered-site.js';
import type { ContentSnapshot } from '../content/live-content.js';
import { type ClientPages, loadClientPages, toClientPages } from './client-pages.js';
import type { SiteRendering } from './render-site.js';

export interface LivePages {
  current: () => ClientPages;
  /** Takes a newly published content: its pages are served from the next request on. */
  follow: (snapshot: ContentSnapshot) => void;
}

export const renderedDocuments = (site: RenderedSite) => ({
  landings: site.landings.map((p) => [p.path, p.html] as const),
  privacy: site.privacy.map((p) => [p.path, p.html, p.locale] as const),
  login: site.login.html,
  shell: site.app.html,
});

/**
 * The pages of the published content, rendered in memory by the build's own renderer at start and
 * at each publish, here or on another server; the hashed assets stay the build's
 * (docs/decisions/0023-page-carries-its-content.md). A version that cannot be rendered leaves the
 * pages as they were, with an error in the log.
 */
export function renderedPages(
  rendering: SiteRendering,
  snapshot: ContentSnapshot,
  siteUrl: string,
  settings: PrivacySettings,
  log: FastifyBaseLogger,
): LivePages {
  const render = (s: ContentSnapshot) =>
    // The build's photos and the version's uploaded ones (docs/decisions/0026-photos-by-id.md).
    toClientPages(
      renderedDocuments(rendering.render(s.property, { ...rendering.builtImages, ...s.images })),
      siteUrl,
      settings,
    );
  let pages = render(snapshot);
  return {
    current: () => pages,
    follow(next) {
      const started = performance.now();
      try {
        pages = render(next);
        log.info({ version: next.version, ms: Math.round(performance.now() - started) }, 'pages rendered');
      } catch (error) {
        log.error({ err: error, version: next.version }, 'the published content could not be rendered');
      }
    },
  };
}

/**
 * The build's pages, without a renderer (CONTENT_SOURCE=files, whose content the build rendered,
 * or an app given no SSR entry): loaded again for the languages a publish brings. A language the
 * build has no page for keeps the pages as they were, with a warning, until the next build.
 */
export function builtPages(
  clientDir: string,
  siteUrl: string,
  locales: readonly string[],
  settings: PrivacySettings,
  log: FastifyBaseLogger,
): LivePages {
  let pages = loadClientPages(clientDir, siteUrl, locales, settings);
  let loadedFor = locales.join(',');
  return {
    current: () => pages,
    follow({ property }) {
      if (property.locales.join(',') === loadedFor) return;
      try {
        pages = loadClientPages(clientDir, siteUrl, property.locales, settings);
        loadedFor = property.locales.join(',');
      } catch (error) {
        log.warn(
          { err: error, locales: property.locales },
          'the published languages have no built pages yet; run npm run build',
        );
      }
    },
  };
}
