import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminReportRoutes } from './admin-routes.js';

/** The owner's books, the year's report and the accountant's export (docs/reports.md). */
export const reportsFeature = fp(
  async (app) => {
    await adminOnly(app, adminReportRoutes);
  },
  { name: 'reports', dependencies: ['stay-record'] },
);
