import { GUESTS_MIN } from './constants.js';
import { addDays, daysBetween } from './date-ranges.js';
import { isCalendarDay } from './dates.js';
import type { Pricing, Season } from './pricing.js';
import type { Quote, QuoteLine } from './quote-schema.js';
import { WEEKDAYS, type Weekday } from './weekdays.js';
import { quoteWords } from './quote-text.js';
import { QUOTE_NIGHTS_MAX, type QuoteReason } from './quote-constants.js';
import { inSeason } from './season-days.js';
import { taxByRate } from './tourist-tax.js';

// The price of a stay, the same in the page, on the server and in the owner's mail: integer
// amounts (minor units, cents for EUR) and `YYYY-MM-DD` days, so no time zone enters. It carries
// no zod (the schemas are in quote-schema.ts), so the page's estimate loads without it.

/** 1970-01-01 was a Thursday. */
export const weekdayOf = (day: string): Weekday =>
  WEEKDAYS[(((daysBetween('1970-01-01', day) + 3) % 7) + 7) % 7] as Weekday;

export { inSeason };

/** The first listed season `day` falls in. */
export const seasonOf = (pricing: Pricing, day: string): Season | undefined =>
  pricing.seasons.find((season) => inSeason(season, day));

/** The price of the night that starts on `day`: its season's, else the top-level; Friday and Saturday at the weekend price. */
export function nightlyPrice(pricing: Pricing, day: string, weekday: Weekday = weekdayOf(day)): number {
  const prices = seasonOf(pricing, day) ?? pricing;
  return weekday === 'fri' || weekday === 'sat' ? (prices.weekendNightly ?? prices.nightly) : prices.nightly;
}

/** Who stays: adults, and each child's age (for the tourist tax; every guest counts for the price). */
export interface QuoteParty {
  adults: number;
  childrenAges: readonly number[];
}

/** A head count alone is that many adults (`guests=` of the API before children were asked). */
export const partyOf = (guests: number | QuoteParty): QuoteParty =>
  typeof guests === 'number' ? { adults: guests, childrenAges: [] } : guests;

/**
 * The price of a stay from `checkIn` to the check-out day `checkOut` for `who` (a head count of
 * adults, or adults and children's ages), with its labels and rule message in `locale`. `pricing`
 * is in one language (localizeProperty). The dates must be calendar days, 1 to QUOTE_NIGHTS_MAX
 * nights apart (quoteQuerySchema checks what guests send).
 */
export function quoteStay(
  pricing: Pricing,
  checkIn: string,
  checkOut: string,
  who: number | QuoteParty,
  locale: string,
): Quote {
  const party = partyOf(who);
  const guests = party.adults + party.childrenAges.length;
  const nights = daysBetween(checkIn, checkOut);
  if (!isCalendarDay(checkIn) || !isCalendarDay(checkOut) || !(nights >= 1 && nights <= QUOTE_NIGHTS_MAX)) {
    throw new RangeError(`No stay from ${checkIn} to ${checkOut}`);
  }
  if (!Number.isInteger(guests) || guests < GUESTS_MIN || !(party.adults >= 1))
    throw new RangeError(`No stay for ${guests} guests`);
  const words = quoteWords(locale, pricing.currency);

  // Nights of one price make one line, in the order their price first appears.
  const nightsByPrice = new Map<number, number>();
  const firstWeekday = WEEKDAYS.indexOf(weekdayOf(checkIn));
  for (let i = 0; i < nights; i++) {
    const price = nightlyPrice(pricing, addDays(checkIn, i), WEEKDAYS[(firstWeekday + i) % 7]);
    nightsByPrice.set(price, (nightsByPrice.get(price) ?? 0) + 1);
  }
  const lines: QuoteLine[] = [...nightsByPrice].map(([unitAmount, count]) => ({
    kind: 'nights',
    label: words.nights(count, unitAmount),
    amount: unitAmount * count,
    unitAmount,
    nights: count,
    guests: null,
  }));
  const { cleaningFee, extraGuest, touristTax } = pricing;
  if (cleaningFee)
    lines.push({
      kind: 'cleaning',
      label: words.cleaning(),
      amount: cleaningFee,
      unitAmount: cleaningFee,
      nights: null,
      guests: null,
    });
  const extraGuests = extraGuest ? Math.max(0, guests - extraGuest.from + 1) : 0;
  if (extraGuest?.perNight && extraGuests > 0) {
    const { perNight } = extraGuest;
    lines.push({
      kind: 'extraGuests',
      label: words.extraGuests(extraGuests, nights, perNight),
      amount: perNight * extraGuests * nights,
      unitAmount: perNight,
      nights,
      guests: extraGuests,
    });
  }
  // The municipal tax, one line per rate, after the price: outside what the cancellation tiers
  // apply to (docs/decisions/0038-tourist-tax.md).
  if (touristTax)
    for (const line of taxByRate(touristTax, checkIn, checkOut, party))
      lines.push({
        kind: 'touristTax',
        label: words.touristTax(line.guests, line.nights, line.rate),
        amount: line.rate * line.guests * line.nights,
        unitAmount: line.rate,
        nights: line.nights,
        guests: line.guests,
      });

  // A season's rule left out is the top-level one; neither means 1 night and any arrival day.
  const season = seasonOf(pricing, checkIn);
  const rule = {
    seasonName: season?.name ?? null,
    minNights: season?.minNights ?? pricing.minNights ?? 1,
    arrivalDays: season?.arrivalDays ?? pricing.arrivalDays ?? null,
  };
  const reason: QuoteReason | null =
    nights < rule.minNights
      ? 'min_nights'
      : rule.arrivalDays && !rule.arrivalDays.includes(weekdayOf(checkIn))
        ? 'arrival_day'
        : null;
  const message =
    reason === 'min_nights'
      ? words.minNights(rule.minNights, rule.seasonName)
      : reason === 'arrival_day' && rule.arrivalDays
        ? words.arrivalDays(rule.arrivalDays)
        : null;
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (!Number.isSafeInteger(total))
    throw new RangeError(`The total for ${guests} guests and ${nights} nights is too large to add up exactly`);
  return {
    currency: pricing.currency,
    nights,
    lines,
    total,
    minNights: rule.minNights,
    bookable: reason === null,
    reason,
    rule,
    message,
  };
}

/** The quote for nights already taken (the server knows, from availability): not bookable, whatever the rules say. */
export function withUnavailable(quote: Quote, locale: string): Quote {
  return {
    ...quote,
    bookable: false,
    reason: 'dates_unavailable',
    message: quoteWords(locale, quote.currency).datesUnavailable(),
  };
}
