import { z } from './zod.js';
import { isCalendarDay } from './dates.js';
import { WEEKDAYS } from './weekdays.js';
import { CHANNELS } from './channels.js';

// The prices of the content file (`pricing`). Amounts are integers in the currency's minor unit
// (cents for EUR), so no sum is ever rounded; only formatting divides (src/shared/quote-text.ts).

/** Ten million in the major unit: far above any night, and far below where sums stop being exact. */
export const AMOUNT_MAX = 1_000_000_000;

/**
 * The `pricing` shape, around a schema for its texts (a season's name) like the rest of the
 * content (src/shared/content.ts): the file's, plain or by locale, or one language's.
 */
export function pricingShape<Text extends z.ZodType>(text: Text) {
  // Built here, not at the top, so the page, which imports only WEEKDAYS, carries none of it.
  const amount = z
    .number()
    .int('must be a whole number of cents')
    .min(0, 'must not be negative')
    .max(AMOUNT_MAX, `must be at most ${AMOUNT_MAX} cents`);
  const count = z.number().int('must be a whole number').min(1, 'must be at least 1');

  /** `MM-DD`, any day of some year: 02-29 is allowed (a leap year's day, skipped in other years). */
  const monthDay = z
    .string()
    .regex(/^\d{2}-\d{2}$/, { message: 'must be a day of the year such as 07-01', abort: true })
    .refine((value) => isCalendarDay(`2000-${value}`), 'is not a day of the year');

  const arrivalDays = z
    .array(z.enum(WEEKDAYS, `must be one of ${WEEKDAYS.join(', ')}`))
    .min(1, 'must name at least one day; leave it out to allow any day')
    .refine((days) => new Set(days).size === days.length, 'names a day twice');

  const currency = z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'must be a three-letter currency code such as EUR', abort: true })
    .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'is not an ISO 4217 currency code');

  const season = z.strictObject({
    name: text,
    /** First day of the season, and its last (inclusive); `from` after `to` wraps the new year. */
    from: monthDay,
    to: monthDay,
    nightly: amount,
    /** Friday and Saturday nights; left out, the season charges `nightly` every night. */
    weekendNightly: amount.optional(),
    minNights: count.optional(),
    arrivalDays: arrivalDays.optional(),
  });
  // Strict: a misspelt price field must stop the build, not be dropped and silently undercharge.
  return z.strictObject({
    currency,
    nightly: amount,
    weekendNightly: amount.optional(),
    minNights: count.optional(),
    arrivalDays: arrivalDays.optional(),
    seasons: z.array(season).default([]),
    cleaningFee: amount.optional(),
    /** Each guest from the `from`-th on pays `perNight` every night. */
    extraGuest: z.strictObject({ from: count, perNight: amount }).optional(),
    /** The municipal tourist tax (docs/decisions/0038-tourist-tax.md); none when left out. */
    touristTax: touristTaxShape(text, { amount, count, monthDay }).optional(),
  });
}

/**
 * The tourist tax's rule: per person and night (`seasons` by night, like the prices), from
 * `minAge` years, for at most `maxNights` nights of a stay; the exemptions the owner may tick per
 * guest; the channels that collect it themselves, from a stay's check-in day on. The municipality
 * is required as soon as the rule says more than release 0.1's two fields `{perGuestPerNight,
 * maxNights}`, which stay valid without one; the return then says it was never named
 * (docs/decisions/0041-a-tourist-tax-names-its-municipality.md).
 */
function touristTaxShape<Text extends z.ZodType>(
  text: Text,
  parts: { amount: z.ZodNumber; count: z.ZodNumber; monthDay: z.ZodType<string> },
) {
  const { amount, count, monthDay } = parts;
  const exemption = z.strictObject({
    code: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be lower-case letters, digits and _ such as medical'),
    label: text,
  });
  const collector = z.strictObject({
    channel: z.enum(CHANNELS, `must be one of ${CHANNELS.join(', ')}`),
    from: z.string().refine(isCalendarDay, 'must be a date such as 2026-01-01'),
  });
  return z
    .strictObject({
      municipality: z
        .string('must name the municipality whose tax it is, such as Lisboa')
        .trim()
        .min(1, 'must not be empty')
        .max(100, 'must be at most 100 characters')
        .optional(),
      perGuestPerNight: amount,
      seasons: z
        .array(z.strictObject({ from: monthDay, to: monthDay, perGuestPerNight: amount }))
        .max(12, 'must list at most 12 seasons')
        .optional(),
      minAge: z
        .number()
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(25, 'must be at most 25')
        .optional(),
      maxNights: count.optional(),
      exemptions: z
        .array(exemption)
        .max(20, 'must list at most 20 exemptions')
        .refine((list) => new Set(list.map((e) => e.code)).size === list.length, 'names the same code twice')
        .optional(),
      collectedBy: z
        .array(collector)
        .max(20, 'must list at most 20 entries')
        .refine((list) => new Set(list.map((e) => e.channel)).size === list.length, 'names the same channel twice')
        .optional(),
    })
    .superRefine((rule, context) => {
      const grown = Object.keys(rule).some((key) => !LEGACY_TAX_FIELDS.has(key));
      if (grown && rule.municipality === undefined)
        context.addIssue({
          code: 'custom',
          path: ['municipality'],
          message: 'must name the municipality whose tax it is, such as Lisboa',
        });
    });
}

/** Release 0.1's two-field rule, which stays valid without a municipality (decision 0041). */
const LEGACY_TAX_FIELDS = new Set(['perGuestPerNight', 'maxNights', 'municipality']);

const plainPricingShape = () => pricingShape(z.string().trim().min(1, 'must not be empty'));
/** Prices in one language: each season's name a plain text. */
export const PricingSchema = /* @__PURE__ */ plainPricingShape();
export type Pricing = z.output<typeof PricingSchema>;
export type Season = Pricing['seasons'][number];
export type TouristTaxRule = NonNullable<Pricing['touristTax']>;
