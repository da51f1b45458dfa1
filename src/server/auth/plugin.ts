import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminPasswordHash } from './admin-password.js';
import { authCleanUps } from './clean-ups.js';
import { adminSessionRequired, sessionCookieName } from './guards.js';
import { adminSessionRoutes } from './routes.js';
import { twoFactorRoutes } from './two-factor-routes.js';

/** The owner's sign-in: password, second factor, sessions, and the check every admin route passes. */
export const authFeature = fp(
  async (app) => {
    const { config } = app;
    const passwordHash = await adminPasswordHash(
      app.db,
      { password: config.adminPassword, hash: config.adminPasswordHash },
      app.log,
    );
    // Before the schemas are checked: without a session, every admin answer is a 401 (lib/admin-only.ts).
    app.decorate('adminSession', adminSessionRequired(sessionCookieName(config.siteUrl)));
    app.jobs.sweep.add(authCleanUps);
    await adminOnly(app, async (scope) => scope.register(adminSessionRoutes, { passwordHash }), { session: false });
    await adminOnly(app, async (scope) => scope.register(twoFactorRoutes, { passwordHash }));
  },
  { name: 'auth', dependencies: ['audit', 'settings', 'mail'] },
);
