import type { Db } from '../db/database.js';

// Every query on the booking_links table: the hashes of the guests' link tokens.

export async function insertLink(db: Db, bookingId: string, tokenHash: string, at: string): Promise<void> {
  await db.insertInto('bookingLinks').values({ tokenHash, bookingId, createdAt: at }).execute();
}

/** The link a token names, if its booking's code is the one in the link. */
export async function findLink(
  db: Db,
  code: string,
  tokenHash: string,
): Promise<{ bookingId: string; createdAt: string; revokedAt: string | null } | undefined> {
  return db
    .selectFrom('bookingLinks')
    .innerJoin('bookings', 'bookings.id', 'bookingLinks.bookingId')
    .select(['bookings.id as bookingId', 'bookingLinks.createdAt', 'bookingLinks.revokedAt'])
    .where('bookingLinks.tokenHash', '=', tokenHash)
    .where('bookings.code', '=', code)
    .executeTakeFirst();
}

/** Ends every live link of a booking at once; how many there were. */
export async function revokeLinks(db: Db, bookingId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('bookingLinks')
    .set({ revokedAt: at })
    .where('bookingId', '=', bookingId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
