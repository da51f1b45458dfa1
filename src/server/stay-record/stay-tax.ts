import type { Quote } from '../../shared/quote-schema.js';
import { taxOfQuote } from '../../shared/tourist-tax.js';
import type { BookingRow } from '../db/schema.js';
import type { BookingContext } from './context.js';
import { localizedRule, taxRuleOf } from './tax-rule.js';

// A booking's tourist tax when its dates change (docs/decisions/0038-tourist-tax.md): the price
// stays as agreed (0025), but the tax is the municipality's for the nights actually stayed, so it
// is computed again for the new nights under the stay's own rule (0053), for the same party.

/** Who stays in the booking: the adults and each child's age (`guests` counts both). */
export function partyOfBooking(booking: Pick<BookingRow, 'guests' | 'childrenAges'>) {
  const childrenAges = JSON.parse(booking.childrenAges) as number[];
  return { adults: Math.max(1, booking.guests - childrenAges.length), childrenAges };
}

export interface RetaxedQuote {
  quote: Quote;
  totalCents: number;
  before: number;
  after: number;
}

/**
 * The booking's stored quote with its tax lines for `checkIn`–`checkOut` instead, and its new total;
 * undefined when the content cannot price those dates (the tax is then left as it was).
 */
export function retaxed(
  ctx: BookingContext,
  booking: BookingRow,
  checkIn: string,
  checkOut: string,
): RetaxedQuote | undefined {
  const stored = JSON.parse(booking.quote) as Quote;
  const rule = taxRuleOf(ctx.property, booking);
  const fresh = ctx.quoter.quote(
    { checkIn, checkOut, guests: booking.guests, ...partyOfBooking(booking), locale: booking.locale },
    rule && localizedRule(rule, booking.locale, ctx.property.locales),
  );
  if (!fresh) return undefined;
  const before = taxOfQuote(stored);
  // A stay whose platform collected the tax (an Airbnb or Booking stay the owner entered) owes the
  // house none: the platform pays it to the municipality, so its new nights get no tax line either
  // (docs/decisions/0053-a-stay-keeps-its-tourist-tax-rule.md).
  const collected = booking.touristTaxCollectedBy === 'platform';
  const lines = [
    ...stored.lines.filter((l) => l.kind !== 'touristTax'),
    ...(collected ? [] : fresh.lines.filter((l) => l.kind === 'touristTax')),
  ];
  const quote = { ...stored, lines, total: stored.total - before + taxOfQuote({ lines }) };
  const after = taxOfQuote(quote);
  return { quote, totalCents: booking.totalCents - before + after, before, after };
}
