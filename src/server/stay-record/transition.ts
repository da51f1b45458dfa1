import { type BookingActor, type BookingStatus, canTransition } from '../../shared/booking-status.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { recordEvent } from './booking-events-data.js';
import { findBooking, moveStatus } from './bookings-data.js';

/**
 * Moves a booking from the status it was read in to `to`, as the table in
 * shared/booking-status.ts allows for `by`, and records who and when. A move the table refuses is
 * a 409; false when the booking had moved meanwhile (another server or event was first). Run it
 * in the transaction of the change's other effects.
 */
export async function transition(
  trx: Db,
  booking: Pick<BookingRow, 'id' | 'status'>,
  to: BookingStatus,
  by: BookingActor,
  at: string,
  note: string | null = null,
  changes: Partial<Pick<BookingRow, 'holdUntil' | 'overdueAt'>> = {},
): Promise<boolean> {
  if (!canTransition(booking.status, to, by))
    throw new HttpError(409, `A booking that is ${booking.status} cannot become ${to}`, undefined, 'conflict');
  if (!(await moveStatus(trx, booking.id, booking.status, to, at, changes))) return false;
  await recordEvent(trx, booking.id, booking.status, to, by, at, note);
  return true;
}

/** The booking as it is now, inside the caller's transaction; a missing one is a 404. */
export async function reread(trx: Db, id: string): Promise<BookingRow> {
  const booking = await findBooking(trx, id);
  if (!booking) throw new HttpError(404, 'No such booking');
  return booking;
}
