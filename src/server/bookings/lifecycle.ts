import type { BookingActor } from '../../shared/booking-status.js';
import { formatDayIn } from '../../shared/dates.js';
import { releaseBookingNights } from '../calendar/blocks-data.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { queueGuestMail, queueOwnerMail } from '../stay-record/booking-mails.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { reread, transition } from '../stay-record/transition.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { stayCalendar } from './stay-calendar.js';
import { contractBlocks } from './contract-mail.js';

// What follows a booking's money moving or its time running out, inside the caller's transaction:
// the status, the nights and the mails.

/** The hold ran out (or the payment was refused): the nights are freed and the guest told. */
export async function expireBooking(
  ctx: BookingContext,
  trx: Db,
  booking: BookingRow,
  by: BookingActor,
  note: string,
): Promise<boolean> {
  if (!(await transition(trx, booking, 'expired', by, isoNow(ctx), note, { holdUntil: null }))) return false;
  await releaseBookingNights(trx, booking.id);
  const now = await reread(trx, booking.id);
  await queueGuestMail(trx, ctx, now, 'expired', 'expired');
  await queueOwnerMail(trx, ctx, now, 'expired', { kind: 'expired', fields: () => ({ note }) });
  return true;
}

/**
 * A payment of `cents` was counted (paidCents already includes it): the booking moves on, to
 * `paid` once everything is in, else to `confirmed`, and the guest gets a receipt. Resolves to
 * false when the booking could not take money any more (it had expired or was cancelled): the
 * caller then gives it back.
 */
export async function afterPayment(
  ctx: BookingContext,
  trx: Db,
  bookingId: string,
  paymentId: string,
  cents: number,
  by: 'payment' | 'owner',
): Promise<boolean> {
  const booking = await reread(trx, bookingId);
  const url = await newGuestLink(trx, ctx, booking);
  const at = isoNow(ctx);
  const full = booking.paidCents >= booking.totalCents;
  if (booking.status === 'awaiting_payment') {
    await transition(trx, booking, full ? 'paid' : 'confirmed', by, at, null, { holdUntil: null });
    const confirmed = await reread(trx, bookingId);
    await queueGuestMail(trx, ctx, confirmed, 'confirmed', 'confirmed', {
      url,
      calendar: stayCalendar(ctx, confirmed),
      // The contract on a durable medium: the booking and the terms the guest accepted (0035).
      extra: contractBlocks(ctx, confirmed),
    });
  } else if ((booking.status === 'confirmed' || booking.status === 'balance_due') && full) {
    await transition(trx, booking, 'paid', by, at, null, { overdueAt: null });
  } else if (booking.status !== 'confirmed' && booking.status !== 'balance_due' && booking.status !== 'paid') {
    await queueOwnerMail(trx, ctx, booking, `late-payment:${paymentId}`, {
      kind: 'latePayment',
      fields: ({ money, texts }) => ({ amount: money(cents), status: texts.status[booking.status] }),
    });
    return false;
  }
  const after = await reread(trx, bookingId);
  await queueGuestMail(trx, ctx, after, 'receipt', `receipt:${paymentId}`, {
    amount: cents,
    url,
    fields: { date: formatDayIn(at.slice(0, 10), booking.locale) },
  });
  // A transfer the owner just recorded is not mailed back to them (docs/decisions/0055-owner-mails.md).
  if (by !== 'owner')
    await queueOwnerMail(trx, ctx, after, `payment:${paymentId}`, {
      kind: 'paymentReceived',
      fields: ({ money }) => ({ amount: money(cents) }),
    });
  return true;
}
