import type { PaymentMethod } from '../../shared/booking-policy.js';
import type { BookingRow, PaymentRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { paymentsOf } from '../payments/payments-data.js';
import { replaceTermsOnce, setOfferMethod } from '../stay-record/bookings-data.js';
import { availableMethods, type BookingContext, isoNow } from '../stay-record/context.js';
import { requireAcceptedTerms } from './offer-terms.js';
import { offerTermsPending, termsOf } from '../stay-record/terms.js';

// The guest of an owner's offer chooses how to pay on their booking page, among the site's ways of
// paying, as a guest booking from the form does (docs/stays.md, "Offers"): the offer is made with
// the first of them only so that it names one.

/**
 * The ways the guest of this offer may choose between now: while it waits for its first payment,
 * its hold runs, its terms are accepted, and no Stripe page is being made or open for it (a page open could still be paid).
 * Empty for any other booking.
 */
export function offerPaymentChoices(
  ctx: BookingContext,
  booking: BookingRow,
  payments: readonly PaymentRow[],
): PaymentMethod[] {
  const now = isoNow(ctx);
  if (booking.inquiryId === null || booking.status !== 'awaiting_payment' || booking.paidCents > 0) return [];
  if (booking.holdUntil === null || booking.holdUntil <= now) return [];
  if (offerTermsPending(ctx, booking)) return [];
  if (booking.checkoutUntil !== null && booking.checkoutUntil > now) return [];
  const open = payments.some(
    (p) => p.status === 'pending' && p.kind !== 'refund' && (p.expiresAt === null || p.expiresAt > now),
  );
  return open ? [] : availableMethods(ctx);
}

/** The guest's choice: the offer's method from now on, a transfer referenced by the booking's code. */
export async function chooseOfferMethod(ctx: BookingContext, booking: BookingRow, method: PaymentMethod) {
  requireAcceptedTerms(ctx, booking);
  if (!availableMethods(ctx).includes(method))
    throw new HttpError(503, 'This way of paying is not set up', 'paymentMethod', 'payments_unavailable');
  const choices = offerPaymentChoices(ctx, booking, await paymentsOf(ctx.db, [booking.id]));
  if (!choices.includes(method))
    throw new HttpError(409, 'The way of paying of this booking can no longer be chosen', undefined, 'conflict');
  // Only while nothing is paid: a payment that lands meanwhile keeps the method it was made with.
  if (
    !(await setOfferMethod(ctx.db, booking.id, method, method === 'bank_transfer' ? booking.code : null, isoNow(ctx)))
  )
    throw new HttpError(409, 'The booking changed meanwhile', undefined, 'conflict');
  // An offer made while no account was published is given today's, kept from now on; one made
  // with an account keeps it (docs/decisions/0063-the-iban-and-the-last-doors.md).
  const terms = termsOf(ctx, booking);
  if (method === 'bank_transfer' && !terms.bankTransfer && ctx.settings?.bankTransfer && booking.terms !== null)
    await replaceTermsOnce(
      ctx.db,
      booking.id,
      booking.terms,
      JSON.stringify({ ...terms, bankTransfer: ctx.settings.bankTransfer }),
      isoNow(ctx),
    );
}
