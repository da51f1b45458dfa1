import { z } from './zod.js';
import { GUESTS_MIN } from './constants.js';
import { addDays, daysBetween } from './date-ranges.js';
import { isCalendarDay } from './dates.js';
import { type Pricing, type Season, WEEKDAYS, type Weekday } from './pricing.js';
import { quoteWords } from './quote-text.js';

// The price of a stay, the same in the page, on the server and in the owner's mail: integer
// amounts (minor units, cents for EUR) and `YYYY-MM-DD` days, so no time zone enters.

export const QUOTE_LINE_KINDS = ['nights', 'cleaning', 'extraGuests', 'touristTax'] as const;
export const QUOTE_REASONS = ['min_nights', 'arrival_day', 'dates_unavailable'] as const;
/** The longest stay a quote is asked for. */
export const QUOTE_NIGHTS_MAX = 366;

const amount = z.number().int().min(0);

/** One line: `amount` = `unitAmount` × (`nights` ?? 1) × (`guests` ?? 1). */
export const QuoteLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  label: z.string(),
  amount,
  unitAmount: amount,
  /** The nights the line charges: a nights line's count, the taxed nights; null for cleaning. */
  nights: z.number().int().min(1).nullable(),
  /** The guests charged: the extra guests, or every guest for the tax; null otherwise. */
  guests: z.number().int().min(1).nullable(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const QuoteSchema = z.object({
  currency: z.string(),
  nights: z.number().int().min(1),
  lines: z.array(QuoteLineSchema),
  total: amount,
  minNights: z.number().int().min(1),
  bookable: z.boolean(),
  reason: z.enum(QUOTE_REASONS).nullable(),
  /** The rules of the stay's first night: its season's, else the top-level ones. */
  rule: z.object({ seasonName: z.string().nullable(), minNights: z.number().int().min(1), arrivalDays: z.array(z.enum(WEEKDAYS)).nullable() }),
  /** The broken rule in the quote's language ("Minimum stay in Summer: 5 nights"), or null. */
  message: z.string().nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;
export type QuoteReason = (typeof QUOTE_REASONS)[number];

/** 1970-01-01 was a Thursday. */
export const weekdayOf = (day: string): Weekday => WEEKDAYS[(((daysBetween('1970-01-01', day) + 3) % 7) + 7) % 7] as Weekday;

/** Whether `day` falls in the season: from `from` to `to`, both included, across the new year when `from` comes after `to`. */
export function inSeason(season: Pick<Season, 'from' | 'to'>, day: string): boolean {
  const monthDay = day.slice(5);
  return season.from <= season.to ? season.from <= monthDay && monthDay <= season.to : season.from <= monthDay || monthDay <= season.to;
}

/** The first listed season `day` falls in. */
export const seasonOf = (pricing: Pricing, day: string): Season | undefined => pricing.seasons.find((season) => inSeason(season, day));

/** The price of the night that starts on `day`: its season's, else the top-level; Friday and Saturday at the weekend price. */
export function nightlyPrice(pricing: Pricing, day: string, weekday: Weekday = weekdayOf(day)): number {
  const prices = seasonOf(pricing, day) ?? pricing;
  return weekday === 'fri' || weekday === 'sat' ? (prices.weekendNightly ?? prices.nightly) : prices.nightly;
}

/**
 * The price of a stay from `checkIn` to the check-out day `checkOut` for `guests`, with its labels
 * and rule message in `locale`. `pricing` is in one language (localizeProperty). The dates must be
 * calendar days, 1 to QUOTE_NIGHTS_MAX nights apart (quoteQuerySchema checks what guests send).
 */
export function quoteStay(pricing: Pricing, checkIn: string, checkOut: string, guests: number, locale: string): Quote {
  const nights = daysBetween(checkIn, checkOut);
  if (!isCalendarDay(checkIn) || !isCalendarDay(checkOut) || !(nights >= 1 && nights <= QUOTE_NIGHTS_MAX)) {
    throw new RangeError(`No stay from ${checkIn} to ${checkOut}`);
  }
  if (!Number.isInteger(guests) || guests < GUESTS_MIN) throw new RangeError(`No stay for ${guests} guests`);
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
  if (cleaningFee) lines.push({ kind: 'cleaning', label: words.cleaning(), amount: cleaningFee, unitAmount: cleaningFee, nights: null, guests: null });
  const extraGuests = extraGuest ? Math.max(0, guests - extraGuest.from + 1) : 0;
  if (extraGuest?.perNight && extraGuests > 0) {
    const { perNight } = extraGuest;
    lines.push({ kind: 'extraGuests', label: words.extraGuests(extraGuests, nights, perNight), amount: perNight * extraGuests * nights, unitAmount: perNight, nights, guests: extraGuests });
  }
  if (touristTax?.perGuestPerNight) {
    const { perGuestPerNight } = touristTax;
    const taxed = Math.min(nights, touristTax.maxNights ?? nights);
    lines.push({ kind: 'touristTax', label: words.touristTax(guests, taxed, perGuestPerNight), amount: perGuestPerNight * guests * taxed, unitAmount: perGuestPerNight, nights: taxed, guests });
  }

  // A season's rule left out is the top-level one; neither means 1 night and any arrival day.
  const season = seasonOf(pricing, checkIn);
  const rule = {
    seasonName: season?.name ?? null,
    minNights: season?.minNights ?? pricing.minNights ?? 1,
    arrivalDays: season?.arrivalDays ?? pricing.arrivalDays ?? null,
  };
  const reason: QuoteReason | null =
    nights < rule.minNights ? 'min_nights' : rule.arrivalDays && !rule.arrivalDays.includes(weekdayOf(checkIn)) ? 'arrival_day' : null;
  const message =
    reason === 'min_nights' ? words.minNights(rule.minNights, rule.seasonName) : reason === 'arrival_day' && rule.arrivalDays ? words.arrivalDays(rule.arrivalDays) : null;
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (!Number.isSafeInteger(total)) throw new RangeError(`The total for ${guests} guests and ${nights} nights is too large to add up exactly`);
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
  return { ...quote, bookable: false, reason: 'dates_unavailable', message: quoteWords(locale, quote.currency).datesUnavailable() };
}

/**
 * GET /api/quote's query: two calendar days, 1 to QUOTE_NIGHTS_MAX nights apart, and 1 to
 * `capacity` guests (a query's text or a number); `locale` one of the content's, the first when
 * left out, like inquiryInputSchema.
 */
export function quoteQuerySchema(capacity: number, locales: readonly string[] = ['en']) {
  const guestsMessage = `Guests must be a whole number from ${GUESTS_MIN} to ${capacity}`;
  const day = (label: string) => z.string({ error: `${label} must be a date` }).refine(isCalendarDay, `${label} is not a valid date`);
  return z
    .object({
      checkIn: day('Check-in'),
      checkOut: day('Check-out'),
      guests: z.preprocess(
        (value) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
        z.number({ error: guestsMessage }).int(guestsMessage).min(GUESTS_MIN, guestsMessage).max(capacity, guestsMessage),
      ),
      locale: z
        .string({ error: 'Locale must be text' })
        .refine((v) => locales.includes(v), `Locale must be one of ${locales.join(', ')}`)
        .optional()
        .transform((v) => v ?? locales[0] ?? 'en'),
    })
    .superRefine((v, ctx) => {
      if (!isCalendarDay(v.checkIn) || !isCalendarDay(v.checkOut)) return;
      const nights = daysBetween(v.checkIn, v.checkOut);
      if (nights < 1) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out must be after check-in' });
      else if (nights > QUOTE_NIGHTS_MAX) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: `A stay can be at most ${QUOTE_NIGHTS_MAX} nights` });
    });
}
export type QuoteQuery = z.output<ReturnType<typeof quoteQuerySchema>>;
