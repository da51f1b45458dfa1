import { createHash, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ReviewInputSchema, ReviewPageQuerySchema, type ReviewPage } from '../../shared/reviews.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { parseOr400 } from '../lib/http-error.js';
import { submissionRateLimit } from '../lib/rate-limits.js';

const MAX_AGE_SECONDS = 10;

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/reviews', async (request, reply) => {
    const { limit, cursor } = parseOr400(ReviewPageQuerySchema, request.query);
    const key = `${limit}:${cursor ?? ''}`;
    // Public and the same for everyone: browsers and proxies keep it briefly, then revalidate,
    // and this server answers repeats from memory until a review is approved or deleted.
    const page = app.publicReviews.get(key) ?? (await readPage(limit, cursor));
    app.publicReviews.set(key, page);
    reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`).header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(page.json);
  });

  async function readPage(limit: number, cursor: string | undefined): Promise<{ json: string; etag: string }> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    let query = app.db
      .selectFrom('reviews')
      .select(['id', 'client_name', 'rating', 'comment', 'created_at'])
      .where('is_approved', '=', 1)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (after) {
      query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
    }
    const rows = await query.execute();
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const body: ReviewPage = {
      items: items.map((r) => ({ id: r.id, clientName: r.client_name, rating: r.rating, comment: r.comment, createdAt: r.created_at })),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
    const json = JSON.stringify(body);
    return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
  }

  app.post(
    '/api/reviews',
    { bodyLimit: 16 * 1024, config: { rateLimit: submissionRateLimit(app.config) } },
    async (request, reply) => {
      const input = parseOr400(ReviewInputSchema, request.body);
      if (input.website) return reply.code(201).send({ status: 'pending' });
      await app.db
        .insertInto('reviews')
        .values({
          id: randomUUID(),
          client_name: input.clientName,
          rating: input.rating,
          comment: input.comment,
          is_approved: 0,
          created_at: new Date().toISOString(),
        })
        .execute();
      return reply.code(201).send({ status: 'pending' });
    },
  );
};
