import { z } from './zod.js';
import { GUESTS_MIN } from './constants.js';
import { daysBetween } from './date-ranges.js';
import { isCalendarDay } from './dates.js';
import { QUOTE_LINE_KINDS, QUOTE_NIGHTS_MAX, QUOTE_REASONS, STAY_TOO_LONG } from './quote.js';
import { WEEKDAYS } from './weekdays.js';

// The wire shapes of a quote: GET /api/quote's query and answer, and the quote kept with an inquiry.

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
  rule: z.object({
    seasonName: z.string().nullable(),
    minNights: z.number().int().min(1),
    arrivalDays: z.array(z.enum(WEEKDAYS)).nullable(),
  }),
  /** The broken rule in the quote's language ("Minimum stay in Summer: 5 nights"), or null. */
  message: z.string().nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;
/**
 * GET /api/quote's query: two calendar days, 1 to QUOTE_NIGHTS_MAX nights apart, and 1 to
 * `capacity` guests (a query's text or a number); `locale` one of the content's, the first when
 * left out, like inquiryInputSchema.
 */
export function quoteQuerySchema(capacity: number, locales: readonly string[] = ['en']) {
  const guestsMessage = `Guests must be a whole number from ${GUESTS_MIN} to ${capacity}`;
  const day = (label: string) =>
    z.string({ error: `${label} must be a date` }).refine(isCalendarDay, `${label} is not a valid date`);
  return z
    .object({
      checkIn: day('Check-in'),
      checkOut: day('Check-out'),
      guests: z.preprocess(
        (value) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
        z
          .number({ error: guestsMessage })
          .int(guestsMessage)
          .min(GUESTS_MIN, guestsMessage)
          .max(capacity, guestsMessage),
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
      else if (nights > QUOTE_NIGHTS_MAX) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: STAY_TOO_LONG });
    });
}
export type QuoteQuery = z.output<ReturnType<typeof quoteQuerySchema>>;
