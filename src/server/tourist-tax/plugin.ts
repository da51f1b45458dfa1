import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminTouristTaxRoutes } from './admin-routes.js';

/** The municipal tourist tax's monthly return (docs/decisions/0038-tourist-tax.md). */
export const touristTaxFeature = fp(
  async (app) => {
    await adminOnly(app, adminTouristTaxRoutes);
  },
  { name: 'tourist-tax', dependencies: ['stay-record'] },
);
