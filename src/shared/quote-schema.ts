import { z } from './zod.js';
import { GUESTS_MIN } from './constants.js';
import { daysBetween } from './date-ranges.js';
import { isCalendarDay } from './dates.js';
import { QUOTE_LINE_KINDS, QUOTE_NIGHTS_MAX, QUOTE_REASONS, STAY_TOO_LONG } from './quote-constants.js';
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
/** The oldest a child can be: from 18 a guest is an adult. */
export const CHILD_AGE_MAX = 17;
const CHILDREN_MESSAGE = `Children's ages must be whole numbers from 0 to ${CHILD_AGE_MAX}, separated by commas`;

/** Each child's age: a list of numbers, or a query's text such as `10,4` (empty: no children). */
export const childrenAgesSchema = () =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value.trim() === ''
          ? []
          : value.split(',').map((age) => (/^\s*\d{1,2}\s*$/.test(age) ? Number(age) : age))
        : value,
    z
      .array(
        z
          .number({ error: CHILDREN_MESSAGE })
          .int(CHILDREN_MESSAGE)
          .min(0, CHILDREN_MESSAGE)
          .max(CHILD_AGE_MAX, CHILDREN_MESSAGE),
        { error: CHILDREN_MESSAGE },
      )
      .max(50, CHILDREN_MESSAGE),
  );

/** A count sent as a number, or as a query's text. */
const countOf = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(GUESTS_MIN, message),
  );

/**
 * Who stays, as a quote or a booking is asked: `adults` and `childrenAges`, or `guests` alone (the
 * form before children were asked, taken as adults). The head count is 1 to `capacity`.
 */
export function partyShape(capacity: number) {
  const guestsMessage = `Guests must be a whole number from ${GUESTS_MIN} to ${capacity}`;
  return {
    guests: countOf(guestsMessage).optional(),
    adults: countOf(`Adults must be a whole number from ${GUESTS_MIN} to ${capacity}`).optional(),
    childrenAges: childrenAgesSchema().optional(),
  };
}

/** Checks the party of partyShape and gives its head count, adults and children's ages. */
export function checkParty<T extends { guests?: number; adults?: number; childrenAges?: number[] }>(
  value: T,
  ctx: z.RefinementCtx,
  capacity: number,
) {
  if (value.adults === undefined && value.guests === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['guests'],
      message: `Guests must be a whole number from ${GUESTS_MIN} to ${capacity}`,
    });
    return;
  }
  if (
    value.adults !== undefined &&
    value.guests !== undefined &&
    value.guests !== value.adults + (value.childrenAges?.length ?? 0)
  )
    ctx.addIssue({ code: 'custom', path: ['guests'], message: 'Guests must be the adults and children together' });
  const adults = value.adults ?? (value.guests as number);
  const headCount = adults + (value.childrenAges?.length ?? 0);
  if (headCount > capacity)
    ctx.addIssue({
      code: 'custom',
      path: [value.adults === undefined ? 'guests' : 'adults'],
      message: `Guests must be a whole number from ${GUESTS_MIN} to ${capacity}`,
    });
}

/** The party once checked: `guests` is the head count, children included. */
export const partyOut = <T extends { guests?: number; adults?: number; childrenAges?: number[] }>(value: T) => {
  const adults = value.adults ?? (value.guests as number);
  const childrenAges = value.childrenAges ?? [];
  return { ...value, adults, childrenAges, guests: adults + childrenAges.length };
};

/**
 * GET /api/quote's query: two calendar days, 1 to QUOTE_NIGHTS_MAX nights apart, and 1 to
 * `capacity` guests (`adults` and `childrenAges=10,4`, or `guests` as adults); `locale` one of the
 * content's, the first when left out, like inquiryInputSchema.
 */
export function quoteQuerySchema(capacity: number, locales: readonly string[] = ['en']) {
  const day = (label: string) =>
    z.string({ error: `${label} must be a date` }).refine(isCalendarDay, `${label} is not a valid date`);
  return z
    .object({
      checkIn: day('Check-in'),
      checkOut: day('Check-out'),
      ...partyShape(capacity),
      locale: z
        .string({ error: 'Locale must be text' })
        .refine((v) => locales.includes(v), `Locale must be one of ${locales.join(', ')}`)
        .optional()
        .transform((v) => v ?? locales[0] ?? 'en'),
    })
    .superRefine((v, ctx) => {
      checkParty(v, ctx, capacity);
      if (!isCalendarDay(v.checkIn) || !isCalendarDay(v.checkOut)) return;
      const nights = daysBetween(v.checkIn, v.checkOut);
      if (nights < 1) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out must be after check-in' });
      else if (nights > QUOTE_NIGHTS_MAX) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: STAY_TOO_LONG });
    })
    .transform(partyOut);
}
export type QuoteQuery = z.output<ReturnType<typeof quoteQuerySchema>>;
