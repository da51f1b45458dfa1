import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { BookingActor, BookingStatus } from '../../shared/booking-status.js';

// Every query on the booking_events table: one row per status a booking took, with who and when.

/**
 * Appends a move to the booking's history. Called after the booking's row was moved in the same
 * transaction, which holds that row: the next number cannot be taken twice (and is unique anyway).
 */
export async function recordEvent(
  db: Db,
  bookingId: string,
  from: BookingStatus | null,
  to: BookingStatus,
  actor: BookingActor,
  at: string,
  note: string | null = null,
): Promise<void> {
  const last = await db
    .selectFrom('bookingEvents')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('bookingId', '=', bookingId)
    .executeTakeFirst();
  await db
    .insertInto('bookingEvents')
    .values({
      id: randomUUID(),
      bookingId,
      seq: Number(last?.seq ?? 0) + 1,
      fromStatus: from,
      toStatus: to,
      actor,
      at,
      note,
    })
    .execute();
}

export async function bookingHistory(db: Db, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('bookingEvents')
    .select(['bookingId', 'fromStatus as from', 'toStatus as to', 'actor as by', 'at', 'note'])
    .where('bookingId', 'in', bookingIds)
    .orderBy('seq')
    .execute();
}

/** Whether the booking was ever `status`: a balance once paid in full is never charged to the card again (decision 0069). */
export async function everInStatus(db: Db, bookingId: string, status: BookingStatus): Promise<boolean> {
  const row = await db
    .selectFrom('bookingEvents')
    .select('id')
    .where('bookingId', '=', bookingId)
    .where('toStatus', '=', status)
    .executeTakeFirst();
  return row !== undefined;
}
