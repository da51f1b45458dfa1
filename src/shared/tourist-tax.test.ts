import { describe, expect, it } from 'vitest';
import { inEachTimeZone, TIME_ZONES } from '../../tests/support/server/time-zones.js';
import { PricingSchema } from './pricing.js';
import {
  defaultTaxCollector,
  PAST_MAX_NIGHTS,
  stayTax,
  type TaxRule,
  taxByRate,
  taxInMonth,
  UNDER_AGE,
} from './tourist-tax.js';

// A Lisbon-like rule: €4 per person and night, from 13 years, at most 7 nights of a stay.
const LISBON: TaxRule = {
  municipality: 'Lisboa',
  perGuestPerNight: 400,
  minAge: 13,
  maxNights: 7,
  exemptions: [{ code: 'medical' }, { code: 'disability' }],
  collectedBy: [{ channel: 'airbnb', from: '2026-01-01' }],
};
// €2 from 1 April to 30 September, €1 otherwise, at most 3 nights (an Amarante-like rule).
const SEASONAL: TaxRule = {
  perGuestPerNight: 100,
  seasons: [{ from: '04-01', to: '09-30', perGuestPerNight: 200 }],
  maxNights: 3,
};

describe('the tourist tax of a stay', () => {
  it('taxes a 9-night stay of 2 adults and a 10-year-old 2 × 7 × €4 = €56, the same in every time zone', async () => {
    const results = await inEachTimeZone(() =>
      stayTax(LISBON, '2026-05-10', '2026-05-19', { adults: 2, childrenAges: [10] }),
    );
    for (const zone of TIME_ZONES) {
      const tax = results[zone];
      expect(tax?.amountCents).toBe(5600);
      expect(tax?.nightsTaxed).toBe(14);
      // 27 person-nights: the child's 9 under age, each adult's 8th and 9th past the most nights.
      expect(tax?.exemptByReason).toEqual({ [UNDER_AGE]: 9, [PAST_MAX_NIGHTS]: 4 });
      expect(tax?.nightsExempt).toBe(13);
      expect(tax?.nights.map((n) => n.day)).toEqual([
        '2026-05-10',
        '2026-05-11',
        '2026-05-12',
        '2026-05-13',
        '2026-05-14',
        '2026-05-15',
        '2026-05-16',
        '2026-05-17',
        '2026-05-18',
      ]);
    }
  });

  it('takes a guest out with a medical exemption the rule names, and ignores a code it does not', () => {
    const party = { adults: 2, childrenAges: [10] };
    const medical = stayTax(LISBON, '2026-05-10', '2026-05-19', {
      ...party,
      exemptions: [{ guest: 1, code: 'medical' }],
    });
    expect(medical.amountCents).toBe(2800);
    expect(medical.exemptByReason).toEqual({ [UNDER_AGE]: 9, medical: 9, [PAST_MAX_NIGHTS]: 2 });
    const unknown = stayTax(LISBON, '2026-05-10', '2026-05-19', {
      ...party,
      exemptions: [{ guest: 1, code: 'pilgrim' }],
    });
    expect(unknown.amountCents).toBe(5600);
    // A child under age stays under age, whatever is ticked for them.
    const child = stayTax(LISBON, '2026-05-10', '2026-05-12', {
      ...party,
      exemptions: [{ guest: 2, code: 'medical' }],
    });
    expect(child.exemptByReason).toEqual({ [UNDER_AGE]: 2 });
  });

  it('taxes a child of the minimum age, and every child when the rule has no minimum age', () => {
    expect(stayTax(LISBON, '2026-05-10', '2026-05-12', { adults: 1, childrenAges: [13, 12] }).amountCents).toBe(
      2 * 2 * 400,
    );
    expect(
      stayTax({ perGuestPerNight: 100 }, '2026-05-10', '2026-05-12', { adults: 1, childrenAges: [0] }).amountCents,
    ).toBe(400);
  });

  it('charges each night at its season’s rate, across the season’s edge and the year’s', async () => {
    // 29 and 30 September at €2, 1 October at €1; the 4th night is past the most of 3.
    const results = await inEachTimeZone(() =>
      stayTax(SEASONAL, '2026-09-29', '2026-10-03', { adults: 2, childrenAges: [] }),
    );
    for (const zone of TIME_ZONES) {
      expect(results[zone]?.nights.map((n) => [n.day, n.rate, n.taxed])).toEqual([
        ['2026-09-29', 200, 2],
        ['2026-09-30', 200, 2],
        ['2026-10-01', 100, 2],
        ['2026-10-02', 100, 0],
      ]);
      expect(results[zone]?.amountCents).toBe(2 * 200 * 2 + 2 * 100);
    }
    const winter: TaxRule = { perGuestPerNight: 100, seasons: [{ from: '12-20', to: '01-05', perGuestPerNight: 300 }] };
    expect(
      stayTax(winter, '2026-12-31', '2027-01-07', { adults: 1, childrenAges: [] }).nights.map((n) => n.rate),
    ).toEqual([300, 300, 300, 300, 300, 300, 100]);
    expect(taxByRate(SEASONAL, '2026-09-29', '2026-10-03', { adults: 2, childrenAges: [] })).toEqual([
      { rate: 200, guests: 2, nights: 2 },
      { rate: 100, guests: 2, nights: 1 },
    ]);
  });

  it('counts each night in the month it falls in', () => {
    const tax = stayTax(LISBON, '2026-05-29', '2026-06-03', { adults: 2, childrenAges: [] });
    expect(taxInMonth(tax, '2026-05')).toMatchObject({ nightsTaxed: 6, nightsExempt: 0, amountCents: 2400 });
    expect(taxInMonth(tax, '2026-06')).toMatchObject({ nightsTaxed: 4, nightsExempt: 0, amountCents: 1600 });
    expect(taxInMonth(tax, '2026-07')).toMatchObject({ nightsTaxed: 0, amountCents: 0 });
  });

  it('refuses a stay of no nights', () => {
    expect(() => stayTax(LISBON, '2026-05-10', '2026-05-10', { adults: 1, childrenAges: [] })).toThrow(RangeError);
  });
});

describe('who collects the tax of a new stay', () => {
  it('is the platform the rule names for stays arriving from its day on, else the owner', () => {
    expect(defaultTaxCollector(LISBON, 'airbnb', '2026-01-01')).toBe('platform');
    expect(defaultTaxCollector(LISBON, 'airbnb', '2025-12-31')).toBe('owner');
    expect(defaultTaxCollector(LISBON, 'booking', '2026-06-01')).toBe('owner');
    expect(defaultTaxCollector(LISBON, 'direct', '2026-06-01')).toBe('owner');
    expect(defaultTaxCollector(undefined, 'airbnb', '2026-06-01')).toBe('owner');
  });
});

describe('the rule in the content', () => {
  const pricing = { currency: 'EUR', nightly: 10000 };
  const problems = (touristTax: unknown) => {
    const result = PricingSchema.safeParse({ ...pricing, touristTax });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('requires the municipality whose tax it is once the rule says more than release 0.1’s two fields', () => {
    expect(problems({ perGuestPerNight: 200, maxNights: 7 })).toEqual([]);
    expect(problems({ perGuestPerNight: 200, seasons: [] })).toEqual([
      'touristTax.municipality: must name the municipality whose tax it is, such as Lisboa',
    ]);
    expect(problems({ municipality: 'Sintra', perGuestPerNight: 200, maxNights: 3 })).toEqual([]);
  });

  it('takes the full rule, and names each mistake', () => {
    expect(
      problems({
        municipality: 'Lisboa',
        perGuestPerNight: 400,
        seasons: [{ from: '04-01', to: '09-30', perGuestPerNight: 200 }],
        minAge: 13,
        maxNights: 7,
        exemptions: [{ code: 'medical', label: 'Medical stay' }],
        collectedBy: [{ channel: 'airbnb', from: '2026-01-01' }],
      }),
    ).toEqual([]);
    expect(
      problems({
        municipality: ' ',
        perGuestPerNight: 1.5,
        seasons: [{ from: '13-01', to: '09-30', perGuestPerNight: 200 }],
        minAge: 0,
        exemptions: [
          { code: 'Medical', label: 'x' },
          { code: 'a', label: 'y' },
          { code: 'a', label: 'z' },
        ],
        collectedBy: [{ channel: 'expedia', from: '2026-02-30' }],
        perNight: 1,
      }),
    ).toEqual([
      'touristTax.municipality: must not be empty',
      'touristTax.perGuestPerNight: must be a whole number of cents',
      'touristTax.seasons.0.from: is not a day of the year',
      'touristTax.minAge: must be at least 1',
      'touristTax.exemptions.0.code: must be lower-case letters, digits and _ such as medical',
      'touristTax.exemptions: names the same code twice',
      'touristTax.collectedBy.0.channel: must be one of direct, airbnb, booking, vrbo, phone, other',
      'touristTax.collectedBy.0.from: must be a date such as 2026-01-01',
      'touristTax: Unrecognized key: "perNight"',
    ]);
  });
});
