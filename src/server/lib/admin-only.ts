import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sameOriginOnly } from './same-origin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The admin session check (auth/guards.ts adminSessionRequired), decorated by the auth feature.
     * Features below auth (settings, audit) register admin routes before it is: it is read per request.
     */
    adminSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Registers a feature's admin routes behind the admin's guards (docs/decisions/0066-features-as-plugins.md):
 * a request from another origin is refused before anything else, and, but for the login and
 * session routes themselves (`session: false`), every answer without a session is a 401, before
 * the schemas are checked.
 */
export async function adminOnly(
  app: FastifyInstance,
  routes: FastifyPluginAsync,
  { session = true }: { session?: boolean } = {},
): Promise<void> {
  await app.register(async (admin) => {
    admin.addHook('onRequest', sameOriginOnly(app.config.siteUrl));
    if (session) admin.addHook('preValidation', (request, reply) => request.server.adminSession(request, reply));
    await admin.register(routes);
  });
}
