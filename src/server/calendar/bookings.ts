import { randomUUID } from 'node:crypto';
import type { AdminBlock } from '../../shared/calendar.js';
import type { Db } from '../db/database.js';
import { writeSetting } from '../settings/settings-data.js';
import { isStayFree, stayRange } from './availability.js';
import { bookingBlocksIn, insertBlock, releaseBookingNights } from './blocks-data.js';
import { bookingsByIds } from '../stay-record/bookings-data.js';
import { feedEventsIn } from './feed-events-data.js';

export type ConfirmOutcome = AdminBlock | 'taken';

/**
 * Books the stay's nights for an inquiry, unless one is taken by now. The check and the insert
 * run in one transaction that first writes a settings row: on PostgreSQL that row's lock makes
 * two confirmations (on two servers) take turns, so they cannot both pass the check; SQLite
 * has one writer anyway.
 */
export async function confirmBooking(
  db: Db,
  inquiryId: string,
  checkIn: string,
  checkOut: string,
): Promise<ConfirmOutcome> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await writeSetting(trx, 'calendar_booking_lock', now);
    const stay = stayRange(checkIn, checkOut);
    if (!(await isStayFree(trx, stay))) return 'taken';
    return insertBlock(trx, { id: randomUUID(), ...stay, note: null, kind: 'booking', inquiryId, createdAt: now });
  });
}

/**
 * Holds a booking's nights in the caller's transaction, unless one is taken: the same lock as
 * confirmBooking, so a hold and a confirmation, or two holds on two servers, take turns. False
 * when a night is taken.
 */
export async function holdNights(
  trx: Db,
  bookingId: string,
  checkIn: string,
  checkOut: string,
  at: string,
): Promise<boolean> {
  await writeSetting(trx, 'calendar_booking_lock', at);
  const stay = stayRange(checkIn, checkOut);
  if (!(await isStayFree(trx, stay))) return false;
  await insertBlock(trx, {
    id: randomUUID(),
    ...stay,
    note: null,
    kind: 'booking',
    inquiryId: null,
    bookingId,
    createdAt: at,
  });
  return true;
}

/**
 * Moves a booking's nights to new dates in the caller's transaction, under the same lock as
 * holdNights: its own nights are let go first, so a stay can overlap its old dates, and two moves
 * or a move and a hold on two servers take turns. With `hold` false (a request, which holds
 * nothing yet) the new nights are only checked. False when a night is taken.
 */
export async function moveBookingNights(
  trx: Db,
  bookingId: string,
  checkIn: string,
  checkOut: string,
  at: string,
  hold: boolean,
): Promise<boolean> {
  await writeSetting(trx, 'calendar_booking_lock', at);
  await releaseBookingNights(trx, bookingId);
  if (hold) return holdNights(trx, bookingId, checkIn, checkOut, at);
  return isStayFree(trx, stayRange(checkIn, checkOut));
}

/**
 * Adds the owner's own block, unless a booking holds one of its nights: under the same lock as
 * holdNights, so a guest's hold and the owner's block on one night take turns and one of them is
 * refused. Gives back the block, or the code of the booking in the way (null for a confirmed
 * inquiry, which has no code).
 */
export async function addOwnerBlock(
  db: Db,
  block: { start: string; end: string; note: string | null },
  at: string,
): Promise<AdminBlock | { takenBy: string | null }> {
  return db.transaction().execute(async (trx) => {
    await writeSetting(trx, 'calendar_booking_lock', at);
    const [inTheWay] = await bookingBlocksIn(trx, block.start, block.end);
    if (inTheWay) {
      const [booking] = inTheWay.bookingId ? await bookingsByIds(trx, [inTheWay.bookingId]) : [];
      return { takenBy: booking?.code ?? null };
    }
    return insertBlock(trx, { id: randomUUID(), ...block, kind: 'block', inquiryId: null, createdAt: at });
  });
}

/**
 * What holds a night of the stay, for the owner's 409: the booking's code, the feed that lists it,
 * or the owner's own block. Read in the transaction that found the night taken.
 */
export async function whatHolds(trx: Db, checkIn: string, checkOut: string): Promise<string> {
  const stay = stayRange(checkIn, checkOut);
  const [block] = await bookingBlocksIn(trx, stay.start, stay.end);
  if (block?.bookingId) {
    const [booking] = await bookingsByIds(trx, [block.bookingId]);
    if (booking) return `stay ${booking.code}`;
  }
  const [event] = await feedEventsIn(trx, stay.start, stay.end);
  if (event)
    return `the ${event.feed} feed's event of ${event.start} to ${event.end}${event.reference ? ` (${event.reference})` : ''}`;
  return block ? 'a confirmed inquiry' : 'a block of yours';
}

/** The calendar's booking lock for the rest of the caller's transaction (see confirmBooking). */
export async function takeBookingLock(trx: Db, at: string): Promise<void> {
  await writeSetting(trx, 'calendar_booking_lock', at);
}
