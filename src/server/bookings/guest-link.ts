import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { insertLink } from './booking-links-data.js';
import { hashToken, newBookingToken } from './codes.js';
import { type BookingContext, isoNow } from './context.js';

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
