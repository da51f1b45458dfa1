import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ReviewInputSchema,
  ReviewInvitationParamsSchema,
  ReviewInvitationSchema,
  type ReviewPage,
  ReviewPageQuerySchema,
  ReviewPageSchema,
} from '../../shared/reviews.js';
import { hashToken } from '../stay-record/codes.js';
import { HttpError } from '../lib/http-error.js';
import { findInvitation, spendInvitation } from './review-invitations-data.js';
import { z } from '../../shared/zod.js';
import { errorResponses, NOT_MODIFIED, SUBMISSION_ERRORS } from '../lib/error-responses.js';
import { afterCursor, keysetPage } from '../lib/cursor.js';
import { submissionRateLimit } from '../rate-limits/submission-limit.js';
import { type CachedPage, cachedPage, sendCachedPage } from '../lib/public-cache.js';
import { approvedReviewsPage, insertPendingReview } from './reviews-data.js';

const MAX_AGE_SECONDS = 10;

const ReviewPendingSchema = z.object({ status: z.literal('pending') });

export const reviewRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  async function readPage(limit: number, cursor: string | undefined): Promise<CachedPage> {
    const rows = await approvedReviewsPage(app.db, limit, afterCursor(cursor));
    const body: ReviewPage = keysetPage(rows, limit, (row) => row.createdAt);
    // Checked here rather than by the serializer, which a ready-made string skips.
    return cachedPage(ReviewPageSchema.parse(body));
  }

  app.get(
    '/api/reviews',
    {
      schema: {
        querystring: ReviewPageQuerySchema,
        response: { 200: ReviewPageSchema, ...NOT_MODIFIED, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      // Public and the same for everyone: browsers and proxies keep it briefly, then revalidate, and
      // this server answers repeats from memory. Written only on a miss (docs/decisions/0007-caches.md).
      return sendCachedPage(
        app.publicReviews,
        `${limit}:${cursor ?? ''}`,
        () => readPage(limit, cursor),
        request,
        reply,
        MAX_AGE_SECONDS,
      );
    },
  );

  app.post(
    '/api/reviews',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: submissionRateLimit(app.config) },
      schema: {
        body: ReviewInputSchema,
        response: { 201: ReviewPendingSchema, ...SUBMISSION_ERRORS, ...errorResponses(404, 410) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (input.website) return reply.code(201).send({ status: 'pending' });
      if (input.invitation === undefined) {
        await insertPendingReview(app.db, input, new Date(app.now()));
        return reply.code(201).send({ status: 'pending' });
      }
      // Spent and used in one transaction: a link makes one verified review, never two.
      const tokenHash = hashToken(input.invitation);
      await app.db.transaction().execute(async (trx) => {
        const invitation = await findInvitation(trx, tokenHash);
        if (!invitation) throw new HttpError(404, 'This review link is not valid', 'invitation');
        if (!(await spendInvitation(trx, tokenHash, new Date(app.now()).toISOString())))
          throw new HttpError(410, 'This review link was used or has expired', 'invitation', 'gone');
        await insertPendingReview(trx, input, new Date(app.now()), { stayMonth: invitation.stayMonth });
      });
      return reply.code(201).send({ status: 'pending' });
    },
  );

  // The review form of an invited guest asks what to prefill; the token is the credential.
  app.get(
    '/api/review-invitations/:token',
    {
      schema: {
        params: ReviewInvitationParamsSchema,
        response: { 200: ReviewInvitationSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request, reply) => {
      const invitation = await findInvitation(app.db, hashToken(request.params.token));
      if (!invitation) throw new HttpError(404, 'This review link is not valid');
      if (invitation.usedAt !== null || invitation.expiresAt <= new Date(app.now()).toISOString())
        throw new HttpError(410, 'This review link was used or has expired', undefined, 'gone');
      return reply
        .header('cache-control', 'no-store')
        .send({ firstName: invitation.firstName, stayMonth: invitation.stayMonth });
    },
  );
};
