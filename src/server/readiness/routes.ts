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
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const findings = await checkReadiness(app.config, app.db, { now: app.now() });
      // Links in mails and pages are made from SITE_URL: an admin opened elsewhere hides a wrong one.
      const visited = `${request.protocol}://${request.host}`;
      if (visited !== new URL(app.config.siteUrl).origin)
        findings.push({ code: 'visited_at_other_origin', level: 'warning', detail: visited });
      return { findings };
    },
  );
};
