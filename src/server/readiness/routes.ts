import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReadinessSchema } from '../../shared/readiness.js';
import { ADMIN_ERRORS } from '../lib/error-responses.js';
import { checkReadiness } from './gather.js';

/** The admin home's "Ready to go live": the findings `npm run doctor` prints (inside the admin scope). */
export const adminReadinessRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/readiness',
    { schema: { response: { 200: ReadinessSchema, ...ADMIN_ERRORS } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { findings: await checkReadiness(app.config, app.db, { now: app.now() }) };
    },
  );
};
