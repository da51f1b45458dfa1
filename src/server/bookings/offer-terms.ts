import type { BookingStatus } from '../../shared/booking-status.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { acceptTermsOnce } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { offerTermsPending, termsOf } from '../stay-record/terms.js';

// An offer's guest accepts its terms on the booking page before choosing how to pay or paying
// (docs/decisions/0052-offers-accept-their-terms.md): the terms fixed when the owner made the offer,
// stored with when they were accepted. Nothing can be paid for an offer until then.

/** While something may still be paid for the offer: its deposit, or (the owner having marked it paid) its balance. */
export const PAYABLE: readonly BookingStatus[] = ['awaiting_payment', 'confirmed', 'balance_due'];

/** The guest ticks "I accept": the offer's terms, as shown, accepted now. Accepting again changes nothing. */
export async function acceptOfferTerms(ctx: BookingContext, booking: BookingRow): Promise<void> {
  if (booking.inquiryId === null)
    throw new HttpError(409, 'Only an offer’s terms are accepted on its page', undefined, 'conflict');
  if (!offerTermsPending(ctx, booking)) return;
  if (!PAYABLE.includes(booking.status))
    throw new HttpError(409, 'This offer can no longer be accepted', undefined, 'conflict');
  const at = isoNow(ctx);
  const accepted = JSON.stringify({ ...termsOf(ctx, booking), acceptedAt: at });
  if (!(await acceptTermsOnce(ctx.db, booking.id, booking.terms ?? '', accepted, at)))
    throw new HttpError(409, 'The booking changed meanwhile', undefined, 'conflict');
}

/** Refuses what pays for an offer whose terms are not accepted yet. */
export function requireAcceptedTerms(ctx: BookingContext, booking: BookingRow): void {
  if (offerTermsPending(ctx, booking))
    throw new HttpError(409, 'Accept the offer’s terms before paying', 'acceptTerms', 'terms_not_accepted');
}
