import type { QuoteParty } from '../../shared/quote.js';
import type { Quote, QuoteLine } from '../../shared/quote-schema.js';
import { quoteWords } from '../../shared/quote-text.js';
import { taxByRate, taxOfQuote } from '../../shared/tourist-tax.js';
import { findVersion } from '../content/content-versions-data.js';
import type { BookingRow } from '../db/schema.js';
import type { BookingContext } from '../stay-record/context.js';
import { partyOfBooking } from '../stay-record/stay-tax.js';
import { taxRuleOf } from '../stay-record/tax-rule.js';
import { termsOf } from '../stay-record/terms.js';

// A booking's price for another party (docs/decisions/0069-changing-a-bookings-party.md): the
// nights and the cleaning stay as agreed in the stored quote; what depends on the party is
// computed again under the booking's own rules, never today's content: the extra-guest fee as the
// stored quote (or, without its line, the content version the terms name) had it, and the tourist
// tax by the new ages under the stay's own rule (0053).

export interface ExtraGuestRule {
  /** The first guest who pays the fee (the 5th: `from` 5). */
  from: number;
  perNight: number;
}

export interface RepricedParty {
  quote: Quote;
  totalCents: number;
  taxBefore: number;
  taxAfter: number;
}

/**
 * The extra-guest fee the booking was priced with: its stored line's (its threshold is the guests
 * it did not count), else the one of the content version its terms name. None for a price the
 * owner typed or entered (one line for the whole stay): that price was agreed whatever the party.
 */
export async function agreedExtraGuest(ctx: BookingContext, booking: BookingRow): Promise<ExtraGuestRule | null> {
  const stored = JSON.parse(booking.quote) as Quote;
  const line = stored.lines.find((l) => l.kind === 'extraGuests');
  if (line?.guests) return { from: booking.guests - line.guests + 1, perNight: line.unitAmount };
  if (!stored.lines.some((l) => l.kind === 'nights' && l.nights !== null)) return null;
  const version = termsOf(ctx, booking).contentVersion;
  const row = version > 0 ? await findVersion(ctx.db, version) : undefined;
  // Files mode has no versions: the folder this server read is the content the guest booked under.
  const pricing = row
    ? (JSON.parse(row.content) as { pricing?: { extraGuest?: ExtraGuestRule } }).pricing
    : ctx.property.pricing;
  return pricing?.extraGuest?.perNight ? pricing.extraGuest : null;
}

/** The booking's stored quote for `party`: its extra-guest and tourist-tax lines replaced, and its total. */
export function repricedFor(
  ctx: BookingContext,
  booking: BookingRow,
  party: QuoteParty,
  extraGuest: ExtraGuestRule | null,
): RepricedParty {
  const stored = JSON.parse(booking.quote) as Quote;
  const words = quoteWords(booking.locale, stored.currency);
  const guests = party.adults + party.childrenAges.length;
  const lines: QuoteLine[] = stored.lines.filter((l) => l.kind !== 'extraGuests' && l.kind !== 'touristTax');
  const extra = extraGuest ? Math.max(0, guests - extraGuest.from + 1) : 0;
  if (extraGuest && extra > 0)
    lines.push({
      kind: 'extraGuests',
      label: words.extraGuests(extra, stored.nights, extraGuest.perNight),
      amount: extraGuest.perNight * extra * stored.nights,
      unitAmount: extraGuest.perNight,
      nights: stored.nights,
      guests: extra,
    });
  // A platform that collected the tax owes the house none, whoever stays (0053); a price that
  // carried no tax (a stay the owner entered at the price paid elsewhere) is not given one now.
  const taxed = stored.lines.some((l) => l.kind === 'touristTax') || !termsOf(ctx, booking).ownerEntered;
  const rule = booking.touristTaxCollectedBy === 'platform' || !taxed ? null : taxRuleOf(ctx.property, booking);
  if (rule)
    for (const t of taxByRate(rule, booking.checkIn, booking.checkOut, party))
      lines.push({
        kind: 'touristTax',
        label: words.touristTax(t.guests, t.nights, t.rate),
        amount: t.rate * t.guests * t.nights,
        unitAmount: t.rate,
        nights: t.nights,
        guests: t.guests,
      });
  const before = stored.lines.reduce((sum, l) => sum + l.amount, 0);
  const after = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    quote: { ...stored, lines, total: stored.total - before + after },
    totalCents: booking.totalCents - before + after,
    taxBefore: taxOfQuote(stored),
    taxAfter: taxOfQuote({ lines }),
  };
}

/** Whether `party` is the booking's own: the same adults and the same ages, in any order. */
export function sameParty(booking: BookingRow, party: QuoteParty): boolean {
  const now = partyOfBooking(booking);
  const sorted = (ages: readonly number[]) => [...ages].sort((a, b) => a - b).join(',');
  return now.adults === party.adults && sorted(now.childrenAges) === sorted(party.childrenAges);
}
