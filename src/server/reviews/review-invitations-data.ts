import type { Db } from '../db/database.js';

// Every query on the review_invitations table: one per booking, its token stored only as a hash.

export interface NewInvitation {
  tokenHash: string;
  bookingId: string;
  firstName: string;
  stayMonth: string;
  expiresAt: string;
  createdAt: string;
}

/** Stores the booking's invitation unless it has one; false when it had (the request goes once). */
export async function insertInvitation(db: Db, invitation: NewInvitation): Promise<boolean> {
  const result = await db
    .insertInto('reviewInvitations')
    .values({ ...invitation, usedAt: null })
    .onConflict((oc) => oc.column('bookingId').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findInvitation(db: Db, tokenHash: string) {
  return db.selectFrom('reviewInvitations').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Spends the invitation, once: false when it was used or is past its time. */
export async function spendInvitation(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('reviewInvitations')
    .set({ usedAt: at })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which of these bookings were invited already. */
export async function invitedBookingIds(db: Db, bookingIds: readonly string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('reviewInvitations')
    .select('bookingId')
    .where('bookingId', 'in', bookingIds)
    .execute();
  return new Set(rows.map((r) => r.bookingId));
}
