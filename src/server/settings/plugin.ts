import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminPreferenceRoutes } from './admin-preferences.js';

/** The owner's settings: the admin's language (docs/decisions/0046-admin-language.md). */
export const settingsFeature = fp(
  async (app) => {
    await adminOnly(app, adminPreferenceRoutes);
  },
  { name: 'settings', dependencies: ['server-base'] },
);
