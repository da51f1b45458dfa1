import { formatDayIn, houseToday } from '../../shared/dates.js';
import { languageOf } from '../../shared/locales.js';
import { formatAmount } from '../../shared/quote-text.js';
import type { BookingRow } from '../db/schema.js';
import type { BookingContext } from '../stay-record/context.js';
import { GUEST_TEXTS } from '../stay-record/mail-texts.js';
import { termsOf } from '../stay-record/terms.js';

/** Groups of four, as banks print an IBAN. */
const spaced = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

/**
 * The account this booking was given, kept with its terms: a later publish of another IBAN changes
 * the bookings made after it, never the page or the reminders of this one
 * (docs/decisions/0063-the-iban-and-the-last-doors.md). Terms from before it was kept (files mode
 * only) read the content's.
 */
export function bookingBankAccount(ctx: BookingContext, booking: BookingRow) {
  const kept = termsOf(ctx, booking).bankTransfer;
  return kept === undefined ? ctx.settings?.bankTransfer : (kept ?? undefined);
}

/**
 * The transfer a bank-transfer booking waits for: to whom, how much, with which reference, by when;
 * `bankBalance` words it for a confirmed booking's balance, whose nights are no longer on hold.
 */
export function bankTransferOf(ctx: BookingContext, booking: BookingRow, words: 'bank' | 'bankBalance' = 'bank') {
  const account = bookingBankAccount(ctx, booking);
  if (booking.paymentMethod !== 'bank_transfer' || !account || !booking.bankReference) return undefined;
  // The deposit while it is owed, by the day its hold ends at the house; then the balance, by its day.
  const depositLeft = Math.max(0, booking.dueNowCents - booking.paidCents);
  const amountCents = depositLeft || booking.totalCents - booking.paidCents;
  const dueBy =
    depositLeft > 0 || !booking.balanceDueOn
      ? houseToday(Date.parse(booking.holdUntil ?? booking.createdAt))
      : booking.balanceDueOn;
  const details = {
    iban: spaced(account.iban),
    holder: account.holder,
    ...(account.bic ? { bic: account.bic } : {}),
    reference: booking.bankReference,
    amountCents,
    dueBy,
  };
  const currency = (JSON.parse(booking.quote) as { currency: string }).currency;
  const texts = GUEST_TEXTS[languageOf(booking.locale)] ?? GUEST_TEXTS.en!;
  const text = texts[words]
    .replace('{amount}', formatAmount(amountCents, currency, booking.locale))
    .replace('{dueBy}', formatDayIn(dueBy, booking.locale))
    .replace('{iban}', details.iban)
    .replace('{holder}', details.holder)
    .replace('{reference}', details.reference);
  return { details, text };
}
