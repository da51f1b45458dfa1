import { describe, expect, it } from 'vitest';
import { localizeProperty, PropertySchema } from './content.js';
import { PricingSchema } from './pricing.js';
import demoContent from '../../content/property.json' with { type: 'json' };
import { PRICING_EXAMPLE } from '../../tests/support/fixtures/pricing-example.js';

const EXAMPLE = PRICING_EXAMPLE;

/** Each problem of a parse as `path: message`. */
const problems = (value: unknown) => {
  const result = PricingSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('PricingSchema', () => {
  it('reads the example, and a file with only a currency and a nightly price', () => {
    expect(problems(EXAMPLE)).toEqual([]);
    expect(PricingSchema.parse({ currency: 'EUR', nightly: 9000 })).toEqual({
      currency: 'EUR',
      nightly: 9000,
      seasons: [],
    });
  });

  it('takes amounts as whole, non-negative cents', () => {
    expect(problems({ ...EXAMPLE, nightly: 120.5 })).toEqual(['nightly: must be a whole number of cents']);
    expect(problems({ ...EXAMPLE, cleaningFee: -1 })).toEqual(['cleaningFee: must not be negative']);
    expect(problems({ ...EXAMPLE, weekendNightly: '140' })).toEqual([
      expect.stringMatching(/^weekendNightly: .*expected number/),
    ]);
    expect(problems({ ...EXAMPLE, nightly: 1e12 })).toEqual(['nightly: must be at most 1000000000 cents']);
    expect(problems({ ...EXAMPLE, cleaningFee: 0 })).toEqual([]);
  });

  it('takes days of the year as MM-DD, the leap day included', () => {
    const season = (from: string, to: string) => ({ ...EXAMPLE, seasons: [{ name: 'S', from, to, nightly: 1 }] });
    expect(problems(season('02-29', '02-29'))).toEqual([]);
    expect(problems(season('02-30', '7-1'))).toEqual([
      'seasons.0.from: is not a day of the year',
      'seasons.0.to: must be a day of the year such as 07-01',
    ]);
    expect(problems(season('13-01', '04-31'))).toEqual([
      'seasons.0.from: is not a day of the year',
      'seasons.0.to: is not a day of the year',
    ]);
    expect(problems(season('2026-07-01', '00-10'))).toEqual([
      'seasons.0.from: must be a day of the year such as 07-01',
      'seasons.0.to: is not a day of the year',
    ]);
  });

  it('takes arrival days as a non-empty list of mon…sun, each once', () => {
    expect(problems({ ...EXAMPLE, arrivalDays: ['sat', 'sun'] })).toEqual([]);
    expect(problems({ ...EXAMPLE, arrivalDays: [] })).toEqual([
      'arrivalDays: must name at least one day; leave it out to allow any day',
    ]);
    expect(problems({ ...EXAMPLE, arrivalDays: ['saturday'] })).toEqual([
      'arrivalDays.0: must be one of mon, tue, wed, thu, fri, sat, sun',
    ]);
    expect(problems({ ...EXAMPLE, seasons: [{ ...EXAMPLE.seasons[0], arrivalDays: ['sat', 'sat'] }] })).toEqual([
      'seasons.0.arrivalDays: names a day twice',
    ]);
  });

  it('takes counts of nights and guests from 1', () => {
    expect(problems({ ...EXAMPLE, minNights: 0 })).toEqual(['minNights: must be at least 1']);
    expect(problems({ ...EXAMPLE, extraGuest: { from: 0, perNight: 1500 } })).toEqual([
      'extraGuest.from: must be at least 1',
    ]);
    expect(
      problems({ ...EXAMPLE, touristTax: { municipality: 'Lisboa', perGuestPerNight: 200, maxNights: 0 } }),
    ).toEqual(['touristTax.maxNights: must be at least 1']);
    expect(problems({ ...EXAMPLE, touristTax: { municipality: 'Lisboa', perGuestPerNight: 200 } })).toEqual([]);
    // Release 0.1's two-field form stays valid; a rule that says more names its municipality.
    expect(problems({ ...EXAMPLE, touristTax: { perGuestPerNight: 200, maxNights: 7 } })).toEqual([]);
    expect(problems({ ...EXAMPLE, touristTax: { perGuestPerNight: 200, minAge: 13 } })).toEqual([
      'touristTax.municipality: must name the municipality whose tax it is, such as Lisboa',
    ]);
    expect(problems({ ...EXAMPLE, seasons: [{ ...EXAMPLE.seasons[1], minNights: 2.5 }] })).toEqual([
      'seasons.0.minNights: must be a whole number',
    ]);
  });

  it('takes an ISO 4217 currency code', () => {
    expect(problems({ ...EXAMPLE, currency: 'USD' })).toEqual([]);
    expect(problems({ ...EXAMPLE, currency: 'eur' })).toEqual([
      'currency: must be a three-letter currency code such as EUR',
    ]);
    expect(problems({ ...EXAMPLE, currency: '€' })).toEqual([
      'currency: must be a three-letter currency code such as EUR',
    ]);
    expect(problems({ ...EXAMPLE, currency: 'ABC' })).toEqual(['currency: is not an ISO 4217 currency code']);
  });

  it('names a missing required field, and refuses a misspelt one rather than drop a price', () => {
    const withoutNightly: Record<string, unknown> = { ...EXAMPLE };
    delete withoutNightly.nightly;
    expect(problems(withoutNightly)).toEqual([expect.stringMatching(/^nightly: /)]);
    expect(problems({ ...EXAMPLE, seasons: [{ name: 'Summer', from: '07-01', nightly: 1 }] })).toEqual([
      expect.stringMatching(/^seasons\.0\.to: /),
    ]);
    expect(problems({ ...EXAMPLE, weekendNighly: 1 })).toEqual([
      expect.stringMatching(/^: Unrecognized key: "weekendNighly"/),
    ]);
    expect(problems({ ...EXAMPLE, extraGuest: { from: 5, perNight: 1500, perGuest: 1 } })).toEqual([
      expect.stringMatching(/^extraGuest: Unrecognized key: "perGuest"/),
    ]);
  });
});

describe('pricing in the content file', () => {
  const withPricing = (pricing: unknown) => PropertySchema.safeParse({ ...demoContent, pricing });
  const issues = (pricing: unknown) => {
    const result = withPricing(pricing);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('is optional', () => {
    const withoutPricing: Record<string, unknown> = { ...demoContent };
    delete withoutPricing.pricing;
    const content = PropertySchema.parse(withoutPricing);
    expect(localizeProperty(content, 'en').pricing).toBeUndefined();
  });

  it('gives each locale its season names, plain or by locale', () => {
    const content = PropertySchema.parse({
      ...demoContent,
      pricing: {
        ...EXAMPLE,
        seasons: [{ ...EXAMPLE.seasons[0], name: { en: 'Summer', 'pt-PT': 'Verão' } }, EXAMPLE.seasons[1]],
      },
    });
    expect(localizeProperty(content, 'en').pricing?.seasons.map((s) => s.name)).toEqual(['Summer', 'Christmas']);
    expect(localizeProperty(content, 'pt-PT').pricing?.seasons.map((s) => s.name)).toEqual(['Verão', 'Christmas']);
    expect(localizeProperty(content, 'pt-PT').pricing).toMatchObject({
      currency: 'EUR',
      nightly: 12000,
      touristTax: { maxNights: 7 },
    });
  });

  it('names the field under pricing, and a missing translation of a season name', () => {
    expect(issues({ ...EXAMPLE, seasons: [{ ...EXAMPLE.seasons[0], from: '07-32' }] })).toEqual([
      'pricing.seasons.0.from: is not a day of the year',
    ]);
    expect(issues({ ...EXAMPLE, seasons: [{ ...EXAMPLE.seasons[0], name: { en: 'Summer' } }] })).toEqual([
      'pricing.seasons.0.name.pt-PT: missing the pt-PT translation',
    ]);
    expect(issues({ ...EXAMPLE, seasons: [{ ...EXAMPLE.seasons[0], name: ' ' }] })).toEqual([
      'pricing.seasons.0.name: must not be empty',
    ]);
  });
});
