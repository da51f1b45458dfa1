import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { auditCleanUps } from './clean-ups.js';
import { adminAuditRoutes } from './routes.js';

/** The owner's audit list of sensitive actions, kept for its retention. */
export const auditFeature = fp(
  async (app) => {
    app.jobs.sweep.add(auditCleanUps);
    await adminOnly(app, adminAuditRoutes);
  },
  { name: 'audit', dependencies: ['server-base'] },
);
