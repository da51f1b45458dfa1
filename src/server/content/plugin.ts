import fp from 'fastify-plugin';
import type { PropertyContent } from '../../shared/content.js';
import type { DataCipher } from '../lib/data-encryption.js';
import { adminOnly } from '../lib/admin-only.js';
import type { AppOptions } from '../lib/app-options.js';
import type { Quoter } from './pricing-by-locale.js';
import { openDataCipher } from '../settings/data-key.js';
import { adminContentRoutes } from './admin-routes.js';
import { type ContentPoll, startContentPoll } from './content-poll.js';
import type { LiveContent } from './live-content.js';
import { openContent } from './open-content.js';
import { photoLibraryRoute } from './photo-library-route.js';
import { contentPreviewRoute } from './preview-route.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The published content (content/live-content.ts); a publish here or on another server replaces it. */
    content: LiveContent;
    /** The current published content, in all its languages: read it each time, do not keep it. */
    property: PropertyContent;
    /** Quotes stays from the current content's prices (shared/quote.ts). */
    quoter: Quoter;
    contentPoll: ContentPoll;
    /** Seals the guests' documents (settings/data-key.ts); undefined while check-in is off and no key is set. */
    dataCipher: DataCipher | undefined;
  }
}

/** The house's content: the published version, the owner's editor, and the poll for other servers' publishes. */
export const contentFeature = fp<AppOptions>(
  async (app, options) => {
    const { config, db } = app;
    const content = await openContent(config, db, app.log, app.now);
    // The upgrade of a one-house install: today's house, named as published, becomes the first.
    const { name, locales } = content.current().property;
    await app.houses.registerFirst(typeof name === 'string' ? name : (name[locales[0]!] ?? ''));
    // Opened with the content it checks against, before any feature reads the guests' data.
    app.decorate('dataCipher', await openDataCipher(config, db, content.current().property, app.log));
    app.decorate('content', content);
    // Getters, so a reader that asks each time gets the version current then.
    app.decorate('property', { getter: () => content.current().property });
    app.decorate('quoter', { getter: () => content.current().quoter });
    content.onChange((snapshot, previous) => {
      app.log.info(
        { version: snapshot.version, previous: previous.version },
        'now serving a new version of the content',
      );
    });
    const contentPoll =
      config.contentSource === 'database'
        ? startContentPoll({ db, live: content, log: app.log }, options.contentPoll)
        : { stop: async () => undefined };
    app.decorate('contentPoll', contentPoll);
    app.addHook('onClose', () => contentPoll.stop());
    await adminOnly(app, adminContentRoutes);
    await adminOnly(app, contentPreviewRoute);
    await adminOnly(app, photoLibraryRoute);
  },
  { name: 'content', dependencies: ['houses', 'auth', 'photos', 'mail'] },
);
