import { randomUUID } from 'node:crypto';
import type { ReviewInput, ReviewStatus } from '../../shared/reviews.js';
import type { Db } from '../db/database.js';
import type { NewReviewRow } from '../db/schema.js';
import type { Cursor } from '../lib/cursor.js';
import { containsAnyCase } from '../lib/text-search.js';

// Every query on the reviews table. Rows come back with the API's field names (CamelCasePlugin).

const PUBLIC_COLUMNS = [
  'id',
  'clientName',
  'rating',
  'comment',
  'createdAt',
  'verified',
  'stayMonth',
  'replyText',
  'replyAt',
] as const;

type StoredReview = { verified: number; stayMonth: string | null; replyText: string | null; replyAt: string | null };

/** A row as the API shows it: a verified flag, and the owner's reply as one object or null. */
function asReview<T extends StoredReview>({ verified, replyText, replyAt, ...rest }: T) {
  return {
    ...rest,
    verified: verified === 1,
    reply: replyText !== null && replyAt !== null ? { text: replyText, at: replyAt } : null,
  };
}

/** Approved reviews, newest first, after `after`: one more than `limit`, to tell whether a next page exists. */
export async function approvedReviewsPage(db: Db, limit: number, after: Cursor | undefined) {
  let query = db
    .selectFrom('reviews')
    .select(PUBLIC_COLUMNS)
    .where('isApproved', '=', 1)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (after) query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  return (await query.execute()).map(asReview);
}

/** The owner's list, newest first, after `after`: one more than `limit`, to tell whether a next page exists. */
export async function listReviews(db: Db, status: ReviewStatus, limit: number, after: Cursor | undefined) {
  let query = db
    .selectFrom('reviews')
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (status !== 'all') query = query.where('isApproved', '=', status === 'approved' ? 1 : 0);
  if (after) query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  const rows = await query.execute();
  return rows.map((r) => ({ ...asReview(r), isApproved: r.isApproved === 1 }));
}

/** A new review waits for the owner's approval; one sent through an invitation is a verified stay of `stayMonth`. */
export async function insertPendingReview(
  db: Db,
  input: Pick<ReviewInput, 'clientName' | 'rating' | 'comment'>,
  now = new Date(),
  verifiedStay?: { stayMonth: string },
): Promise<void> {
  await db
    .insertInto('reviews')
    .values({
      id: randomUUID(),
      clientName: input.clientName,
      rating: input.rating,
      comment: input.comment,
      isApproved: 0,
      createdAt: now.toISOString(),
      verified: verifiedStay ? 1 : 0,
      stayMonth: verifiedStay?.stayMonth ?? null,
    })
    .execute();
}

/** The owner's public reply to an approved review, written or replaced; false when there is no approved review of that id. */
export async function setReply(db: Db, id: string, text: string | null, at: string): Promise<boolean> {
  const result = await db
    .updateTable('reviews')
    .set({ replyText: text, replyAt: text === null ? null : at })
    .where('id', '=', id)
    .where('isApproved', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when there is no such review. */
export async function approveReview(db: Db, id: string): Promise<boolean> {
  const result = await db.updateTable('reviews').set({ isApproved: 1 }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when there is no such review. */
export async function deleteReview(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('reviews').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whole rows in one transaction, for seeding a benchmark (keep a batch within the bound-parameter limits). */
export async function insertReviewRows(db: Db, rows: NewReviewRow[]): Promise<void> {
  await db.transaction().execute((trx) => trx.insertInto('reviews').values(rows).execute());
}

/** The reviews whose name contains `name`, any case (a review keeps no e-mail address). */
export async function findReviewsByName(db: Db, name: string) {
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'clientName', 'rating', 'comment', 'isApproved', 'createdAt'])
    .where(containsAnyCase('clientName', name))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, isApproved: r.isApproved === 1 }));
}

export async function deleteReviews(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('reviews').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A review the owner has neither approved nor deleted within PENDING_REVIEW_DAYS is deleted: the
 * site keeps no one's words for ever waiting for a decision. Run by the periodic sweep.
 */
export async function deleteUntouchedPendingReviews(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60_000).toISOString();
  const result = await db
    .deleteFrom('reviews')
    .where('isApproved', '=', 0)
    .where('createdAt', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
