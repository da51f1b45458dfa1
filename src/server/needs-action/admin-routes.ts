import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NeedsActionSchema } from '../../shared/needs-action.js';
import { ADMIN_ERRORS } from '../lib/error-responses.js';
import { registrationContext } from '../registrations/context.js';
import { needsAction } from './needs-action.js';

/** The admin's home: what needs doing (inside the admin scope: session and same-origin already checked). */
export const adminNeedsActionRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const ctx = registrationContext(app);

  app.get(
    '/api/admin/needs-action',
    { schema: { response: { 200: NeedsActionSchema, ...ADMIN_ERRORS } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return needsAction(ctx, app.config.mail.smtpUrl !== undefined);
    },
  );
};
