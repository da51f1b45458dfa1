import fp from 'fastify-plugin';
import { ConfigError } from '../config.js';
import { countRegistrations } from './guest-registrations-data.js';
import type { Schedule } from '../jobs/schedule.js';
import { adminOnly } from '../lib/admin-only.js';
import { adminRegistrationRoutes } from './admin-routes.js';
import { registrationCleanUps } from './clean-ups.js';
import { registrationContext } from './context.js';
import { registrationRoutes } from './routes.js';
import { runSibaJobs, type SibaJobCounts } from './siba-jobs.js';
import { SIBA_PRODUCTION_URL } from '../lib/siba-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SIBA bulletins' sending and the owner's reminders, once a minute (registrations/siba-jobs.ts). */
    sibaJobs: Schedule<SibaJobCounts>;
  }
}

/** The guests' online check-in and their SIBA bulletins (docs/siba.md). */
export const registrationsFeature = fp(
  async (app) => {
    const { siba } = app.config;
    // Registrations stored without the key to read them stop the start; the key itself is opened
    // by the content feature (settings/data-key.ts, docs/decisions/0050-a-missing-key-never-stops-the-site.md).
    if (!app.dataCipher && (await countRegistrations(app.db)) > 0)
      throw new ConfigError(
        `Invalid configuration:\n  DATA_ENCRYPTION_KEY: is required: guests' registrations are stored encrypted with it. Set the key they were stored with`,
      );
    if (siba.service === 'test')
      app.log.warn(
        `SIBA_URL is SIBA's test service (${siba.url}): it reports nobody, so no bulletin counts as sent; set it to the production service, ${SIBA_PRODUCTION_URL}`,
      );
    const ctx = registrationContext(app);
    app.decorate('sibaJobs', app.jobs.every({ name: 'siba', everyMs: 60_000, run: () => runSibaJobs(ctx, app.log) }));
    app.jobs.sweep.add(registrationCleanUps);
    await app.register(registrationRoutes);
    await adminOnly(app, adminRegistrationRoutes);
  },
  { name: 'registrations', dependencies: ['stay-record', 'content'] },
);
