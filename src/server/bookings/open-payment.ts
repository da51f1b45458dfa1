import { randomUUID } from 'node:crypto';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { CHECKOUT_HOLD_MINUTES } from '../../shared/booking-policy.js';
import { openCheckout } from '../payments/checkout.js';
import { offSessionChargeUnsettled } from '../payments/balance.js';
import { countPayments, insertPaymentOnce, pendingPaymentsOf, settlePaymentRow } from '../payments/payments-data.js';
import { claimCheckout, releaseCheckout } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { requireAcceptedTerms } from './offer-terms.js';
import { offerTermsPending } from '../stay-record/terms.js';

/** Whether the guest can pay what is due now through Stripe, from their booking page. */
export function canPayOnline(ctx: BookingContext, booking: BookingRow): boolean {
  if (!ctx.stripe || booking.paymentMethod !== 'stripe') return false;
  if (booking.status === 'awaiting_payment')
    return booking.holdUntil !== null && booking.holdUntil > isoNow(ctx) && !offerTermsPending(ctx, booking);
  return (booking.status === 'confirmed' || booking.status === 'balance_due') && booking.totalCents > booking.paidCents;
}

// A claim outlasts the page it covers: Stripe's expiry is the hold plus a minute from when the page
// is asked for, a moment after the claim.
const CLAIM_MS = (CHECKOUT_HOLD_MINUTES + 2) * 60_000;

/**
 * A Checkout page for what the booking owes now: the deposit (or all) of an accepted request, or
 * the balance. An open page is given again rather than a second one made.
 */
export async function openPaymentPage(ctx: BookingContext, booking: BookingRow): Promise<string> {
  const stripe = ctx.stripe;
  requireAcceptedTerms(ctx, booking);
  if (!stripe || !canPayOnline(ctx, booking))
    throw new HttpError(409, 'Nothing can be paid online for this booking now', undefined, 'conflict');
  const awaiting = booking.status === 'awaiting_payment';
  const kind = awaiting ? (booking.dueNowCents < booking.totalCents ? 'deposit' : 'full') : 'balance';
  if (kind === 'balance' && (await offSessionChargeUnsettled(ctx, booking.id)))
    throw new HttpError(409, 'The balance is being charged to the saved card', undefined, 'conflict');
  const open = (await pendingPaymentsOf(ctx.db, booking.id, [kind])).find(
    (p) => p.checkoutUrl && p.expiresAt && p.expiresAt > isoNow(ctx),
  );
  if (open?.checkoutUrl) return open.checkoutUrl;
  // The booking's row says a page is being made before Stripe is asked, on the condition that it is
  // still paid through Stripe: an offer's switch of its way of paying and this page never both
  // win, whichever comes first (docs/decisions/0047-outcomes-in-view.md).
  const until = new Date(ctx.now() + CLAIM_MS).toISOString();
  if (!(await claimCheckout(ctx.db, booking.id, until)))
    throw new HttpError(409, 'The way of paying of this booking changed meanwhile', undefined, 'conflict');
  const amount = awaiting ? booking.dueNowCents - booking.paidCents : booking.totalCents - booking.paidCents;
  const n = await countPayments(ctx.db, booking.id, kind);
  const payment = await insertPaymentOnce(ctx.db, {
    id: randomUUID(),
    bookingId: booking.id,
    kind,
    method: 'stripe',
    status: 'pending',
    amountCents: amount,
    idempotencyKey: `${booking.id}:${kind}:${n + 1}`,
    stripeSessionId: null,
    stripePaymentIntent: null,
    checkoutUrl: null,
    expiresAt: null,
    createdAt: isoNow(ctx),
  });
  const url = await newGuestLink(ctx.db, ctx, booking);
  try {
    return (await openCheckout(ctx, stripe, booking, payment, url)).url;
  } catch (error) {
    // The row ends with the claim: a pending row without a page would keep an offer's guest from
    // switching to a transfer (offer-method.ts). A page Stripe made whose answer was lost was never seen, so never paid.
    await settlePaymentRow(ctx.db, payment.id, 'failed', isoNow(ctx), {
      lastError: 'The payment page could not be opened',
    });
    await releaseCheckout(ctx.db, booking.id, until);
    throw error;
  }
}
