import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminNeedsActionRoutes } from './admin-routes.js';

/** What waits for the owner, the admin's first screen (docs/decisions/0044-needs-action.md). */
export const needsActionFeature = fp(
  async (app) => {
    await adminOnly(app, adminNeedsActionRoutes);
  },
  { name: 'needs-action', dependencies: ['bookings'] },
);
