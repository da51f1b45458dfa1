import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminReviewListSchema, AdminReviewQuerySchema, ReviewReplySchema } from '../../shared/reviews.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { IdParamsSchema } from '../lib/ids.js';
import { afterCursor, keysetPage } from '../lib/cursor.js';
import { approveReview, deleteReview, listReviews, setReply } from './reviews-data.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminReviewRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/reviews',
    { schema: { querystring: AdminReviewQuerySchema, response: { 200: AdminReviewListSchema, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      const { status, limit, cursor } = request.query;
      const rows = await listReviews(app.db, status, limit, afterCursor(cursor));
      reply.header('cache-control', 'no-store');
      return keysetPage(rows, limit, (row) => row.createdAt);
    },
  );

  app.post(
    '/api/admin/reviews/:id/approve',
    { schema: { params: IdParamsSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404) } } },
    async (request, reply) => {
      if (!(await approveReview(app.db, request.params.id))) throw new HttpError(404, 'Review not found');
      app.publicReviews.clear();
      return reply.code(204).send();
    },
  );

  // One public reply per approved review, shown under it in every language as written.
  app.put(
    '/api/admin/reviews/:id/reply',
    {
      schema: {
        params: IdParamsSchema,
        body: ReviewReplySchema,
        response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      if (!(await setReply(app.db, request.params.id, request.body.text, new Date(app.now()).toISOString())))
        throw new HttpError(404, 'No approved review with this id');
      app.publicReviews.clear();
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/admin/reviews/:id/reply',
    { schema: { params: IdParamsSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404) } } },
    async (request, reply) => {
      if (!(await setReply(app.db, request.params.id, null, new Date(app.now()).toISOString())))
        throw new HttpError(404, 'No approved review with this id');
      app.publicReviews.clear();
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/admin/reviews/:id',
    { schema: { params: IdParamsSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404) } } },
    async (request, reply) => {
      if (!(await deleteReview(app.db, request.params.id))) throw new HttpError(404, 'Review not found');
      app.publicReviews.clear();
      return reply.code(204).send();
    },
  );
};
