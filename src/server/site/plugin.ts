import fp from 'fastify-plugin';
import type { AppOptions } from '../lib/app-options.js';
import { HttpError } from '../lib/http-error.js';
import { clientRoutes } from './client-routes.js';
import { healthRoutes } from './health.js';
import { builtPages, type LivePages, renderedPages } from './live-pages.js';
import { loadSiteRenderer, type SiteRendering } from './render-site.js';
import { seoRoutes } from './seo.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The build's page renderer, for the editor's preview; absent when the app serves no client. */
    siteRendering: SiteRendering | undefined;
  }
}

/**
 * The site's pages, last: the health check, the search engines' files, the built client and its
 * pages rendered from the published content, and the not-found answer of every other path.
 */
export const siteFeature = fp<AppOptions>(
  async (app, { clientDir, ssrEntry }) => {
    const { config } = app;
    const privacySettings = {
      inquiryRetentionDays: config.inquiryRetentionDays,
      submissionWindowMinutes: config.submissionLimit.windowMs / 60_000,
      backupKeepDays: config.backup.keepDays,
    };
    const rendering = clientDir && ssrEntry ? await loadSiteRenderer(clientDir, ssrEntry) : undefined;
    app.decorate('siteRendering', rendering);
    let pages: LivePages | undefined;
    if (clientDir) {
      const content = app.content.current();
      pages =
        rendering && config.contentSource === 'database'
          ? renderedPages(rendering, content, config.siteUrl, privacySettings, app.log)
          : builtPages(clientDir, config.siteUrl, content.property.locales, privacySettings, app.log);
      const live = pages;
      app.csp.scriptHashes = () => live.current().scriptHashes;
      app.content.onChange((snapshot) => live.follow(snapshot));
    }
    await app.register(healthRoutes);
    await app.register(seoRoutes);
    if (clientDir && pages) {
      await app.register(clientRoutes, { clientDir, pages: pages.current });
    } else {
      app.setNotFoundHandler(async () => {
        throw new HttpError(404, 'Not found');
      });
    }
  },
  { name: 'site', dependencies: ['content'] },
);
