import { type BookingActor, CANCELLABLE_STATUSES } from '../../shared/booking-status.js';
import { cancellationRefundCents, taxHeldCents } from '../../shared/cancellation.js';
import { taxOfQuote } from '../../shared/tourist-tax.js';
import { releaseBookingNights } from '../calendar/blocks-data.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { pendingPaymentsOf } from '../payments/payments-data.js';
import { planRefunds, sendRefunds } from '../payments/refunds.js';
import { queueGuestMail, queueOwnerMail } from '../stay-record/booking-mails.js';
import { type BookingContext, isoNow, today } from '../stay-record/context.js';
import { formatAmount } from '../../shared/quote-text.js';
import { lockBooking } from '../stay-record/bookings-data.js';
import { termsOf } from '../stay-record/terms.js';
import { isOutsidePayment } from '../../shared/stays.js';
import { reread, transition } from '../stay-record/transition.js';
import { refundWords } from './refund-words.js';
import { storeRefundIban, transferOwed } from './refund-account.js';

/**
 * What the accepted terms give back if the booking is cancelled today: the tourist tax paid in
 * full, and a share of the rest of what was paid and not yet refunded, by the tiers stored with the
 * booking, never the content's current ones.
 */
export function policyRefund(ctx: BookingContext, booking: BookingRow): number {
  if (isOutsidePayment(booking.paymentMethod)) return 0;
  const { cancellation } = termsOf(ctx, booking);
  return cancellationRefundCents(cancellation, { ...booking, taxCents: taxOf(booking) }, today(ctx), booking.checkIn);
}

const taxOf = (booking: BookingRow) =>
  taxOfQuote(JSON.parse(booking.quote) as { lines: { kind: string; amount: number }[] });

/** The tourist tax within what the guest has paid (shared/cancellation.ts). */
const taxHeld = (booking: BookingRow) => taxHeldCents({ ...booking, taxCents: taxOf(booking) });

/**
 * Cancels the booking: its nights free at once, any open payment page closed, the refund planned
 * in the same transaction and then sent (card) or left for the owner to send (transfer).
 * The guest always gets the policy's refund; the owner chooses theirs, up to what was paid.
 */
export async function cancelBooking(
  ctx: BookingContext,
  booking: BookingRow,
  by: Extract<BookingActor, 'guest' | 'owner'>,
  ownerRefund?: number,
  /** The IBAN a guest who paid by transfer gives for the refund as they cancel. */
  refundIban?: string,
): Promise<{ status: 'cancelled'; refundCents: number }> {
  if (!CANCELLABLE_STATUSES.includes(booking.status))
    throw new HttpError(409, `A booking that is ${booking.status} cannot be cancelled`, undefined, 'conflict');
  const at = isoNow(ctx);
  let refund = 0;
  const openPages = await ctx.db.transaction().execute(async (trx) => {
    // The refund is computed from the booking as it is now, locked, not as the caller read it: a
    // payment or a refund counted meanwhile is in it.
    await lockBooking(trx, booking.id);
    const current = await reread(trx, booking.id);
    const refundable = current.paidCents - current.refundedCents;
    // A stay paid on its platform or to the owner outside the site is cancelled there and refunded
    // there: nothing is ever refunded here, and its guest cannot cancel it from the site.
    if (isOutsidePayment(current.paymentMethod)) {
      if (by === 'guest') throw new HttpError(409, 'This stay is cancelled where it was booked', undefined, 'conflict');
      if (ownerRefund) throw new HttpError(400, 'This stay was paid outside the site: refund it there', 'refundCents');
      ownerRefund = 0;
    }
    refund = by === 'owner' ? (ownerRefund ?? policyRefund(ctx, current)) : policyRefund(ctx, current);
    // The owner's refund may keep the price, never the tax of nights no one spent (0038).
    if (refund < taxHeld(current))
      throw new HttpError(
        400,
        `The refund must give back at least the tourist tax paid (${taxHeld(current)} cents)`,
        'refundCents',
      );
    if (refund > refundable)
      throw new HttpError(
        400,
        `The refund can be at most what was paid and not refunded (${refundable} cents)`,
        'refundCents',
      );
    if (
      !(await transition(trx, current, 'cancelled', by, at, refund > 0 ? `refund ${refund} cents` : null, {
        holdUntil: null,
      }))
    )
      throw new HttpError(409, 'The booking changed meanwhile; please look again', undefined, 'conflict');
    await releaseBookingNights(trx, booking.id);
    const open = await pendingPaymentsOf(trx, booking.id, ['deposit', 'full', 'balance']);
    // Left pending: the reconcile reads each back from Stripe, so a page paid at the last moment is found and refunded.
    // The tax held goes back in full and first, the rest is the tier's or the owner's share (decision 0059).
    if (refund > 0) await planRefunds(trx, booking.id, refund, Math.min(refund, taxHeld(current)), 'cancel', at);
    const transferCents = await transferOwed(trx, booking.id);
    if (refundIban && transferCents > 0) await storeRefundIban(trx, ctx, booking.id, refundIban);
    const after = await reread(trx, booking.id);
    const currency = (JSON.parse(after.quote) as { currency: string }).currency;
    const how = await refundWords(trx, ctx, after, refund - transferCents, transferCents, refundIban);
    await queueGuestMail(trx, ctx, after, 'cancelled', 'cancelled', {
      fields: { refund: formatAmount(refund, currency, after.locale), refundHow: how.text },
      ...(how.url ? { url: how.url } : {}),
    });
    // The owner's own cancellation is not mailed to them: the admin showed its outcome (decision 0055).
    if (by === 'guest') {
      const transferNotes = refundIban
        ? (['refundByTransfer', 'refundIbanGiven'] as const)
        : (['refundByTransfer', 'refundIbanAsked'] as const);
      await queueOwnerMail(trx, ctx, after, 'cancelled', {
        kind: 'cancelledByGuest',
        fields: ({ money }) => ({ refund: money(refund), transfer: money(transferCents) }),
        notes: transferCents > 0 ? [...transferNotes] : [],
      });
    }
    return open.filter((p) => p.stripeSessionId);
  });
  // Close the pages the guest could still pay on; a payment that slips through is refunded in full (settle.ts).
  for (const page of openPages)
    await ctx.stripe?.checkout.sessions
      .expire(page.stripeSessionId as string, {}, { idempotencyKey: `${page.idempotencyKey}:expire` })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'Checkout page not closed'));
  await sendRefunds(ctx, ctx.stripe, booking.id);
  ctx.wakeMail();
  return { status: 'cancelled', refundCents: refund };
}
