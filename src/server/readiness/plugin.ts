import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminReadinessRoutes } from './routes.js';

/** Whether the site is ready to go live, for the admin and `npm run doctor` (docs/decisions/0040-going-live.md). */
export const readinessFeature = fp(
  async (app) => {
    await adminOnly(app, adminReadinessRoutes);
  },
  { name: 'readiness', dependencies: ['server-base'] },
);
