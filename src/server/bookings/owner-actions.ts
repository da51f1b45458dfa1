import { englishCount } from '../../shared/english-count.js';
import { randomUUID } from 'node:crypto';
import { holdNights } from '../calendar/bookings.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { text } from '../mail/templates/mail-blocks.js';
import { countPayments, findPaymentByKey, insertPayment } from '../payments/payments-data.js';
import { closeOpenPayments } from '../payments/settle.js';
import { bankTransferOf } from './bank-transfer.js';
import { revokeLinks } from '../stay-record/booking-links-data.js';
import { queueGuestMail } from '../stay-record/booking-mails.js';
import { addPaid, lockBooking } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow, requireSettings } from '../stay-record/context.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { afterPayment } from './lifecycle.js';
import { reread, transition } from '../stay-record/transition.js';

const HOUR = 60 * 60_000;

/**
 * The owner accepts a request: its nights are held (409 when taken meanwhile) for the guest to pay
 * in, a day for a card, the transfer days for a transfer; the guest is mailed the link.
 */
export async function acceptRequest(ctx: BookingContext, booking: BookingRow): Promise<void> {
  const settings = requireSettings(ctx);
  const at = isoNow(ctx);
  const holdMs = booking.paymentMethod === 'stripe' ? 24 * HOUR : settings.bankTransferHoldDays * 24 * HOUR;
  const holdUntil = new Date(ctx.now() + holdMs).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await reread(trx, booking.id);
    if (!(await holdNights(trx, booking.id, current.checkIn, current.checkOut, at)))
      throw new HttpError(409, 'Some of these nights were taken meanwhile', undefined, 'dates_unavailable');
    if (!(await transition(trx, current, 'awaiting_payment', 'owner', at, null, { holdUntil })))
      throw new HttpError(409, 'The booking changed meanwhile', undefined, 'conflict');
    const after = await reread(trx, booking.id);
    const url = await newGuestLink(trx, ctx, after);
    const bank = bankTransferOf(ctx, after);
    await queueGuestMail(trx, ctx, after, 'accepted', 'accepted', {
      amount: after.dueNowCents,
      url,
      extra: bank ? [text(bank.text)] : [],
      fields: { holdUntil: holdUntil.slice(0, 16).replace('T', ' ') + ' UTC' },
    });
  });
  ctx.wakeMail();
}

export async function declineRequest(ctx: BookingContext, booking: BookingRow): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await transition(trx, booking, 'declined', 'owner', isoNow(ctx), null, { holdUntil: null })))
      throw new HttpError(409, 'The booking changed meanwhile', undefined, 'conflict');
    await queueGuestMail(trx, ctx, await reread(trx, booking.id), 'declined', 'declined');
  });
  ctx.wakeMail();
}

/**
 * The owner saw a transfer arrive: it is counted once, and the booking moves on. The form's key
 * (one per filling in) makes a second click or a retried request a no-op, whether it comes after
 * the first or at the same time (the payments' unique key settles the race).
 *
 * The booking is locked and read again inside the transaction (a row lock on PostgreSQL, the write
 * lock on SQLite), so the booking job cannot expire it between this check and the payment: the
 * expiry waits, then finds it moved on. One that expired before the click (its hold ran out and its
 * nights were freed, perhaps to another guest) is refused with 409 `booking_expired`, and nothing is
 * recorded. Refused rather than kept and refunded: the money reached the owner's own bank account,
 * which only the owner can send back, and a payment recorded on a booking without nights would be
 * invoiced as a stay that does not exist (docs/decisions/0064-a-transfer-on-an-expired-booking.md).
 * `audit` runs in the same transaction, once, when the payment is recorded.
 */
export async function markTransferReceived(
  ctx: BookingContext,
  booking: BookingRow,
  amountCents: number,
  formKey?: string,
  audit?: (trx: Db, current: BookingRow) => Promise<void>,
): Promise<void> {
  const formPaymentKey = formKey ? `${booking.id}:transfer:${formKey}` : undefined;
  if (formPaymentKey && (await findPaymentByKey(ctx.db, formPaymentKey))) return;
  const at = isoNow(ctx);
  // Without the form's key (a script), the n-th transfer of the booking as the request found it, so
  // two requests sent at once make one key even though they then take turns on the lock.
  const seenKind = booking.status === 'awaiting_payment' ? 'deposit' : 'balance';
  const scriptKey = `${booking.id}:${seenKind}:transfer:${(await countPayments(ctx.db, booking.id, seenKind)) + 1}`;
  const recorded = await ctx.db.transaction().execute(async (trx) => {
    await lockBooking(trx, booking.id);
    const current = await reread(trx, booking.id);
    // A request sent twice at once: the first recorded it while this one waited for the lock.
    if (formPaymentKey && (await findPaymentByKey(trx, formPaymentKey))) return false;
    if (current.status === 'expired')
      throw new HttpError(
        409,
        'This booking expired before the transfer was recorded: its hold ran out and its nights were freed. Nothing was recorded; send the money back to the guest, or make a new booking for them',
        undefined,
        'booking_expired',
      );
    if (!['awaiting_payment', 'confirmed', 'balance_due'].includes(current.status))
      throw new HttpError(409, `A booking that is ${current.status} takes no payment`, undefined, 'conflict');
    if (amountCents > current.totalCents - current.paidCents)
      throw new HttpError(
        400,
        `The most that is due is ${englishCount(current.totalCents - current.paidCents, 'cent')}`,
        'amountCents',
      );
    const kind = current.status === 'awaiting_payment' ? 'deposit' : 'balance';
    const id = randomUUID();
    const idempotencyKey = formPaymentKey ?? scriptKey;
    if (
      !(await insertPayment(trx, {
        id,
        bookingId: booking.id,
        kind,
        method: 'bank_transfer',
        status: 'succeeded',
        amountCents,
        idempotencyKey,
        stripeSessionId: null,
        stripePaymentIntent: null,
        checkoutUrl: null,
        expiresAt: null,
        createdAt: at,
        settledAt: at,
      }))
    ) {
      if (formPaymentKey) return false;
      throw new HttpError(409, 'This transfer was just recorded', undefined, 'conflict');
    }
    await addPaid(trx, booking.id, amountCents, at);
    await afterPayment(ctx, trx, booking.id, id, amountCents, 'owner');
    if (audit) await audit(trx, current);
    return true;
  });
  if (!recorded) return;
  ctx.wakeMail();
  // Paid in full: a balance page or reference still open at Stripe is closed, so it cannot be paid too.
  if (ctx.stripe) await closeOpenPayments(ctx, ctx.stripe, booking.id);
}

/** Ends every link the guest holds, at once (a mail forwarded or gone astray): each answers 410 from now on. */
export async function revokeGuestLinks(ctx: BookingContext, booking: BookingRow): Promise<void> {
  await revokeLinks(ctx.db, booking.id, isoNow(ctx));
}

/**
 * A new link for the guest, mailed to them; the old ones keep working until they end or are
 * revoked. Sent after the stay, it works 90 days from that day (guest-link.ts).
 */
export async function resendLink(ctx: BookingContext, booking: BookingRow): Promise<void> {
  // A platform that hides the guest's e-mail: the owner copies the link from the stay's page (docs/stays.md).
  if (!booking.email)
    throw new HttpError(
      409,
      'This stay has no guest e-mail to mail a link to: copy the check-in link from its page',
      'email',
      'no_guest_email',
    );
  await ctx.db.transaction().execute(async (trx) => {
    const url = await newGuestLink(trx, ctx, booking);
    await queueGuestMail(
      trx,
      ctx,
      booking,
      booking.status === 'requested' ? 'requested' : 'received',
      `link:${randomUUID()}`,
      { amount: booking.dueNowCents, url, fields: { hours: String(ctx.settings?.requestResponseHours ?? 48) } },
    );
  });
  ctx.wakeMail();
}
