import type { Db } from '../db/database.js';

// Every query on the booking_links table: the hashes of the guests' link tokens.

export async function insertLink(db: Db, bookingId: string, tokenHash: string, at: string): Promise<void> {
  await db.insertInto('bookingLinks').values({ tokenHash, bookingId, createdAt: at }).execute();
}

/** The booking a link's token opens, if its code is the one in the link. */
export async function bookingIdForLink(db: Db, code: string, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('bookingLinks')
    .innerJoin('bookings', 'bookings.id', 'bookingLinks.bookingId')
    .select('bookings.id')
    .where('bookingLinks.tokenHash', '=', tokenHash)
    .where('bookings.code', '=', code)
    .executeTakeFirst();
  return row?.id;
}
