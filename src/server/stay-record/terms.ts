import { bookingTexts, TERMS_TEXT_VERSION } from '../../shared/booking-text.js';
import { type BookingTerms, GuestTermsSchema, type GuestTerms } from '../../shared/bookings.js';
import { localizeProperty, type PropertyContent } from '../../shared/content.js';
import { z } from '../../shared/zod.js';
import type { BookingRow } from '../db/schema.js';
import { bookingsWithoutTerms, setTermsOnce } from './bookings-data.js';
import type { BookingContext } from './context.js';

// The terms a guest accepts are stored with the booking (docs/decisions/0035-terms-snapshot.md):
// its refunds, its balance's day, its mails and pages read them here, never the content's policy
// as it is later. A change in the editor changes the bookings made after it.

/** The terms as the `terms` column holds them: the guest's copy, and where its words came from. */
export const StoredTermsSchema = GuestTermsSchema.extend({
  /** TERMS_TEXT_VERSION of the legal words shown (shared/booking-text.ts). */
  textVersion: z.number().int(),
  /** The content version whose policy was shown: 0 for the files. */
  contentVersion: z.number().int(),
  /** Terms stored before stays were told apart are a guest's (migration 0033 marked the entered ones). */
  ownerEntered: z.boolean().default(false),
  /**
   * The account the guest is given for a transfer, as published when the terms were fixed (null:
   * none then); absent only in files mode from before it was kept, which reads the content's
   * (docs/decisions/0063-the-iban-and-the-last-doors.md).
   */
  bankTransfer: z.object({ iban: z.string(), holder: z.string(), bic: z.string().optional() }).nullable().optional(),
});
export type StoredTerms = z.infer<typeof StoredTermsSchema>;

/** The content's policy in `locale`, as the booking form shows it: what a guest booking now accepts. */
export function termsFromContent(
  property: PropertyContent,
  contentVersion: number,
  locale: string,
  acceptedAt: string | null,
): StoredTerms {
  const policy = property.booking;
  return {
    cancellation: (policy?.cancellation ?? []).map(({ daysBeforeArrival, refundPercent }) => ({
      daysBeforeArrival,
      refundPercent,
    })),
    depositPercent: policy?.depositPercent ?? 100,
    balanceDaysBeforeArrival: policy?.balanceDaysBeforeArrival ?? 0,
    houseRules: localizeProperty(property, locale).booking?.houseRules ?? '',
    acceptedAt,
    locale,
    noWithdrawal: bookingTexts(locale).noWithdrawal,
    owner: property.legal?.owner ?? null,
    registrationNumber: property.legal?.registrationNumber ?? null,
    textVersion: TERMS_TEXT_VERSION,
    contentVersion,
    ownerEntered: false,
    bankTransfer: policy?.bankTransfer ?? null,
  };
}

/**
 * The terms of an offer, fixed when the owner makes it and shown on the guest's page: accepted by
 * no one yet. The guest accepts these very terms before choosing how to pay (offer-terms.ts).
 */
export function offeredTerms(property: PropertyContent, contentVersion: number, locale: string): StoredTerms {
  return termsFromContent(property, contentVersion, locale, null);
}

/**
 * A stay the owner entered: the guest accepted nothing on the site, and the owner gave no policy,
 * so none is stored (no tiers, no notice); the house rules stay, as facts of the house
 * (docs/decisions/0052-offers-accept-their-terms.md).
 */
export function enteredTerms(property: PropertyContent, contentVersion: number, locale: string): StoredTerms {
  return {
    ...termsFromContent(property, contentVersion, locale, null),
    cancellation: [],
    noWithdrawal: '',
    ownerEntered: true,
  };
}

/** Whether this booking is an offer whose guest has not yet accepted its terms: nothing can be paid. */
export function offerTermsPending(ctx: Pick<BookingContext, 'property' | 'contentVersion'>, booking: BookingRow) {
  return booking.inquiryId !== null && termsOf(ctx, booking).acceptedAt === null;
}

/**
 * The booking's accepted terms. A booking made before terms were stored and not yet filled in
 * (only between a files-mode start's migration and its fill) reads the content as the fill would.
 */
export function termsOf(ctx: Pick<BookingContext, 'property' | 'contentVersion'>, booking: BookingRow): StoredTerms {
  if (booking.terms !== null) return StoredTermsSchema.parse(JSON.parse(booking.terms));
  return termsFromContent(ctx.property, ctx.contentVersion, booking.locale, booking.createdAt);
}

/** The guest's copy: the owner and the registration number from the content when the terms predate them. */
export function guestTerms(ctx: Pick<BookingContext, 'property' | 'contentVersion'>, booking: BookingRow): GuestTerms {
  const terms = termsOf(ctx, booking);
  return {
    cancellation: terms.cancellation,
    depositPercent: terms.depositPercent,
    balanceDaysBeforeArrival: terms.balanceDaysBeforeArrival,
    houseRules: terms.houseRules,
    acceptedAt: terms.acceptedAt,
    ownerEntered: terms.ownerEntered,
    locale: terms.locale,
    noWithdrawal: terms.noWithdrawal,
    owner: terms.owner ?? ctx.property.legal?.owner ?? null,
    registrationNumber: terms.registrationNumber ?? ctx.property.legal?.registrationNumber ?? null,
  };
}

/** The owner's view of the accepted terms (the fixed API's `terms`). */
export function adminTerms(
  ctx: Pick<BookingContext, 'property' | 'contentVersion'>,
  booking: BookingRow,
): BookingTerms {
  const t = termsOf(ctx, booking);
  return {
    cancellation: t.cancellation,
    depositPercent: t.depositPercent,
    balanceDaysBeforeArrival: t.balanceDaysBeforeArrival,
    houseRules: t.houseRules,
    acceptedAt: t.acceptedAt,
    ownerEntered: t.ownerEntered,
    locale: t.locale,
  };
}

/**
 * At start: the bookings the migration could not fill (no content version in the database, as
 * with CONTENT_SOURCE=files) take the content in force, the folder this server read. Each is
 * written once, so servers starting together agree.
 */
export async function fillMissingTerms(ctx: BookingContext): Promise<number> {
  let filled = 0;
  for (const booking of await bookingsWithoutTerms(ctx.db)) {
    const terms = termsFromContent(ctx.property, ctx.contentVersion, booking.locale, booking.createdAt);
    if (await setTermsOnce(ctx.db, booking.id, JSON.stringify(terms))) filled++;
  }
  return filled;
}
