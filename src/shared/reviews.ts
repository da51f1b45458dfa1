import { z } from './zod.js';
import { AdminPageQuerySchema, adminPageSchema } from './admin-pages.js';
import { REVIEW_COMMENT_MAX, REVIEW_NAME_MAX, REVIEWS_LIMIT_MAX, REVIEWS_PAGE_SIZE } from './constants.js';
import { trimmedText } from './text.js';

/** What a visitor sends; the form and the server parse with this same schema. */
export const ReviewInputSchema = z.object({
  clientName: trimmedText('Name', 1, REVIEW_NAME_MAX),
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  comment: trimmedText('Review', 1, REVIEW_COMMENT_MAX),
  /** The token of a booking's review invitation: the review is then a verified stay. */
  invitation: z
    .string()
    .regex(/^[\w-]{43}$/, 'This review link is not valid')
    .optional(),
  /** Honeypot: hidden from people, filled by bots. */
  website: z.unknown().optional(),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

export const REVIEW_REPLY_MAX = 2000;

const PublicReviewSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  /** Sent by a guest of a booking, through its invitation. */
  verified: z.boolean(),
  /** The verified stay's month, `YYYY-MM`. */
  stayMonth: z.string().nullable(),
  /** The owner's public reply. */
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const ReviewPageSchema = z.object({
  items: z.array(PublicReviewSchema),
  nextCursor: z.string().nullable(),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

export const ReviewPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${REVIEWS_LIMIT_MAX}` })
    .int(`limit must be a whole number from 1 to ${REVIEWS_LIMIT_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${REVIEWS_LIMIT_MAX}`)
    .max(REVIEWS_LIMIT_MAX, `limit must be a whole number from 1 to ${REVIEWS_LIMIT_MAX}`)
    .default(REVIEWS_PAGE_SIZE),
  cursor: z.string().max(200, 'cursor is not valid').optional(),
});

const AdminReviewSchema = PublicReviewSchema.extend({ isApproved: z.boolean() });
export type AdminReview = z.infer<typeof AdminReviewSchema>;

const REVIEW_STATUSES = ['all', 'approved', 'pending'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const AdminReviewQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(REVIEW_STATUSES, { error: 'status must be all, approved or pending' }).default('all'),
});

export const AdminReviewListSchema = adminPageSchema(AdminReviewSchema);

/** GET /api/review-invitations/:token: what the form is prefilled with. */
export const ReviewInvitationSchema = z.object({ firstName: z.string(), stayMonth: z.string() });
export const ReviewInvitationParamsSchema = z.object({
  token: z.string().regex(/^[\w-]{43}$/, 'This review link is not valid'),
});

/** PUT /api/admin/reviews/:id/reply. */
export const ReviewReplySchema = z.object({ text: trimmedText('Reply', 1, REVIEW_REPLY_MAX) });
