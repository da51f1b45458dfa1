import { addDays } from '../../shared/date-ranges.js';
import { houseToday } from '../../shared/dates.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { findLink, insertLink } from './booking-links-data.js';
import { findBooking } from './bookings-data.js';
import { hashToken, newBookingToken } from './codes.js';
import { type BookingContext, isoNow, today } from './context.js';

/** A guest link works this many days after the check-out (docs/decisions/0019-direct-booking.md). */
export const LINK_DAYS_AFTER_STAY = 90;

/** A new link to the guest's booking page, for one answer or mail; the token's hash is kept, never the token. */
export async function newGuestLink(
  trx: Db,
  ctx: BookingContext,
  booking: Pick<BookingRow, 'id' | 'code'>,
): Promise<string> {
  const token = newBookingToken();
  await insertLink(trx, booking.id, hashToken(token), isoNow(ctx));
  return `${ctx.siteUrl}/booking/${booking.code}?t=${token}`;
}

/**
 * The first day a link no longer works: 90 days after the check-out, or after the day it was made
 * when that is later (the owner re-sent it after the stay), on the house's calendar.
 */
export function linkEndsOn(checkOut: string, createdAt: string): string {
  const made = houseToday(Date.parse(createdAt));
  return addDays(made > checkOut ? made : checkOut, LINK_DAYS_AFTER_STAY);
}

/**
 * The booking a guest's link opens. A wrong code or token is the same 404, so neither can be
 * probed; a link that was real but ended (its time is over, or the owner revoked it) is 410
 * `gone`, so the guest learns to ask for a new one.
 */
export async function bookingForLink(
  ctx: Pick<BookingContext, 'db' | 'now'>,
  code: string,
  token: string,
): Promise<BookingRow> {
  const link = await findLink(ctx.db, code, hashToken(token));
  const booking = link ? await findBooking(ctx.db, link.bookingId) : undefined;
  if (!link || !booking) throw new HttpError(404, 'No such booking');
  if (link.revokedAt !== null)
    throw new HttpError(410, 'This booking link was revoked: ask the house for a new one', undefined, 'gone');
  if (today(ctx) >= linkEndsOn(booking.checkOut, link.createdAt))
    throw new HttpError(
      410,
      `This booking link ended ${LINK_DAYS_AFTER_STAY} days after the stay: ask the house for a new one`,
      undefined,
      'gone',
    );
  return booking;
}
