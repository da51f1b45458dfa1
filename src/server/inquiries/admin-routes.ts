import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminInquiryListSchema } from '../../shared/inquiries.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { IdParamsSchema } from '../lib/ids.js';
import { listInquiries, retryNow } from './inquiries-data.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminInquiryRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/inquiries', { schema: { response: { 200: AdminInquiryListSchema, ...ADMIN_ERRORS } } }, async (_request, reply) => {
    const items = await listInquiries(app.db);
    reply.header('cache-control', 'no-store');
    return { items };
  });

  app.post(
    '/api/admin/inquiries/:id/retry',
    { schema: { params: IdParamsSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404, 409) } } },
    async (request, reply) => {
      const outcome = await retryNow(app.db, request.params.id, Date.now());
      if (outcome === 'missing') throw new HttpError(404, 'Inquiry not found');
      if (outcome === 'sent') throw new HttpError(409, 'This inquiry was already sent');
      app.deliveries.notify();
      return reply.code(204).send();
    },
  );
};
