import type { FastifyPluginAsync } from 'fastify';
import { IdParamsSchema } from '../lib/ids.js';
import { AdminReviewQuerySchema, type AdminReview } from '../../shared/reviews.js';
import { HttpError, parseOr400 } from '../lib/http-error.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminReviewRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/reviews', async (request, reply): Promise<{ items: AdminReview[] }> => {
    const { status } = parseOr400(AdminReviewQuerySchema, request.query);
    let query = app.db.selectFrom('reviews').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (status !== 'all') query = query.where('is_approved', '=', status === 'approved' ? 1 : 0);
    const rows = await query.execute();
    reply.header('cache-control', 'no-store');
    return {
      items: rows.map((r) => ({
        id: r.id,
        clientName: r.client_name,
        rating: r.rating,
        comment: r.comment,
        isApproved: r.is_approved === 1,
        createdAt: r.created_at,
      })),
    };
  });

  app.post('/api/admin/reviews/:id/approve', async (request, reply) => {
    const { id } = parseOr400(IdParamsSchema, request.params);
    const result = await app.db.updateTable('reviews').set({ is_approved: 1 }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, 'Review not found');
    app.publicReviews.clear();
    return reply.code(204).send();
  });

  app.delete('/api/admin/reviews/:id', async (request, reply) => {
    const { id } = parseOr400(IdParamsSchema, request.params);
    const result = await app.db.deleteFrom('reviews').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new HttpError(404, 'Review not found');
    app.publicReviews.clear();
    return reply.code(204).send();
  });
};
