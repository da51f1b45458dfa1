import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminGuestDataRoutes } from './routes.js';

/** A guest's data, exported or erased on request. */
export const guestDataFeature = fp(
  async (app) => {
    await adminOnly(app, adminGuestDataRoutes);
  },
  { name: 'guest-data', dependencies: ['stay-record', 'registrations'] },
);
