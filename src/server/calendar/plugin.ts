import type { LRUCache } from 'lru-cache';
import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import type { AppOptions } from '../lib/app-options.js';
import { type CachedPage, createPublicCache } from '../lib/public-cache.js';
import { adminCalendarRoutes } from './admin-routes.js';
import { calendarRoutes } from './routes.js';
import { type CalendarSync, startCalendarSync } from './sync-schedule.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Windows of public availability, cleared whenever this server changes a taken night. */
    publicAvailability: LRUCache<string, CachedPage>;
    calendarSync: CalendarSync;
  }
}

/** The calendar: availability, the owner's blocks, the platforms' feeds imported and the export. */
export const calendarFeature = fp<AppOptions>(
  async (app, options) => {
    app.decorate('publicAvailability', createPublicCache(options.publicCacheTtlMs));
    const sync = {
      db: app.db,
      holder: app.jobs.holder,
      allowPrivateHosts: app.config.calendar.allowPrivateHosts,
      mailer: app.mailer,
      addresses: app.mailAddresses,
      log: app.log,
      onChange: () => app.publicAvailability.clear(),
    };
    app.decorate('calendarSync', startCalendarSync(sync, app.config.calendar.syncMs, app.jobs));
    // Quotes are cached with the availability: the new prices show at once.
    app.content.onChange(() => app.publicAvailability.clear());
    await app.register(calendarRoutes);
    await adminOnly(app, adminCalendarRoutes);
  },
  { name: 'calendar', dependencies: ['stay-record', 'content', 'mail'] },
);
