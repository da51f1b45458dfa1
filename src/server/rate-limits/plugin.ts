import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { clientKey } from '../lib/client-key.js';
import { rateLimitCleanUps } from './clean-ups.js';
import { databaseRateLimitStore } from './database-store.js';

/** The per-client limits, counted in the database so that several servers share one. */
export const rateLimitsFeature = fp(
  async (app) => {
    // One key per client for every limit: an IPv6 client by its /64 (lib/client-key.ts).
    await app.register(fastifyRateLimit, {
      global: false,
      store: databaseRateLimitStore(app.db),
      keyGenerator: (request) => clientKey(request.ip),
    });
    app.jobs.sweep.add(rateLimitCleanUps(app.config.submissionLimit.windowMs));
  },
  { name: 'rate-limits', dependencies: ['server-base'] },
);
