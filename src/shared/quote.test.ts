import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inEachTimeZone, TIME_ZONES } from '../../tests/support/server/time-zones.js';
import { addDays } from './date-ranges.js';
import { AMOUNT_MAX, type Pricing, PricingSchema } from './pricing.js';
import { quoteStay, weekdayOf, withUnavailable } from './quote.js';
import { QUOTE_LINE_KINDS } from './quote-constants.js';
import { quoteQuerySchema, QuoteSchema } from './quote-schema.js';
import { WEEKDAYS } from './weekdays.js';
import { PRICING_EXAMPLE } from '../../tests/support/fixtures/pricing-example.js';

// The pricing example of docs/content.md. 2026-07-01 is a Wednesday; 2026-07-04 a Saturday.
const EXAMPLE = PricingSchema.parse(PRICING_EXAMPLE);
/** Nightly prices only, to test one rule at a time. */
const BARE: Pricing = { currency: 'EUR', nightly: 12000, weekendNightly: 14000, seasons: [] };

const nightLines = (pricing: Pricing, checkIn: string, nights: number, guests = 2) =>
  quoteStay(pricing, checkIn, addDays(checkIn, nights), guests, 'en')
    .lines.filter((l) => l.kind === 'nights')
    .map((l) => [l.nights, l.unitAmount]);

describe('the price of each night', () => {
  it('charges the weekend price for the nights of Friday and Saturday, grouped by price in order of appearance', () => {
    const quote = quoteStay(EXAMPLE, '2026-03-02', '2026-03-09', 2, 'en');
    expect(quote.lines.map((l) => [l.kind, l.label, l.amount])).toEqual([
      ['nights', '5 nights × €120', 60000],
      ['nights', '2 nights × €140', 28000],
      ['cleaning', 'Cleaning fee', 5000],
      ['touristTax', 'Municipal tourist tax: 2 guests × 7 nights × €2', 2800],
    ]);
    expect(quote).toMatchObject({
      currency: 'EUR',
      nights: 7,
      total: 95800,
      minNights: 2,
      bookable: true,
      reason: null,
      message: null,
    });
    expect(nightLines(EXAMPLE, '2026-03-06', 1)).toEqual([[1, 14000]]); // Friday
    expect(nightLines(EXAMPLE, '2026-03-08', 1)).toEqual([[1, 12000]]); // Sunday
    expect(nightLines({ ...BARE, weekendNightly: undefined }, '2026-03-02', 7)).toEqual([[7, 12000]]);
  });

  it("charges a season's prices on its nights, its nightly price every night when it has no weekend price", () => {
    expect(nightLines(EXAMPLE, '2026-07-04', 7)).toEqual([[7, 18000]]);
    const christmas = quoteStay(EXAMPLE, '2026-12-21', '2026-12-28', 2, 'en');
    expect(christmas.lines[0]).toMatchObject({ label: '7 nights × €160', amount: 112000 });
    // The top-level weekend price stays outside the seasons.
    expect(
      nightLines({ ...BARE, seasons: [{ name: 'Low', from: '03-01', to: '03-31', nightly: 9000 }] }, '2026-03-02', 7),
    ).toEqual([[7, 9000]]);
  });

  it('counts a season from its first day to its last, both included, across the new year', () => {
    // 19 Dec (Saturday) is before Christmas, 20 Dec its first night.
    expect(nightLines(EXAMPLE, '2026-12-19', 2)).toEqual([
      [1, 14000],
      [1, 16000],
    ]);
    // 30 Dec to 8 Jan: 30 Dec to 5 Jan in the season, 6 and 7 Jan (Wednesday, Thursday) out of it.
    const quote = quoteStay(EXAMPLE, '2026-12-30', '2027-01-08', 2, 'en');
    expect(quote.lines.filter((l) => l.kind === 'nights').map((l) => l.label)).toEqual([
      '7 nights × €160',
      '2 nights × €120',
    ]);
    expect(nightLines(EXAMPLE, '2027-01-01', 1)).toEqual([[1, 16000]]); // a Friday, in the season
    expect(nightLines(EXAMPLE, '2026-08-31', 2)).toEqual([
      [1, 18000],
      [1, 12000],
    ]); // the last night of Summer, then a Tuesday
  });

  it('gives a night in two seasons the price of the first listed', () => {
    const august = { name: 'August', from: '08-01', to: '08-15', nightly: 20000 };
    const summer = { name: 'Summer', from: '07-01', to: '08-31', nightly: 18000 };
    expect(nightLines({ ...BARE, seasons: [august, summer] }, '2026-08-10', 1)).toEqual([[1, 20000]]);
    expect(nightLines({ ...BARE, seasons: [summer, august] }, '2026-08-10', 1)).toEqual([[1, 18000]]);
    expect(nightLines({ ...BARE, seasons: [august, summer] }, '2026-08-14', 4)).toEqual([
      [2, 20000],
      [2, 18000],
    ]);
  });

  it('prices a stay across a season boundary night by night', () => {
    // Saturday 27 June to Saturday 4 July: a weekend night, three weeknights, three Summer nights.
    expect(nightLines(EXAMPLE, '2026-06-27', 7)).toEqual([
      [1, 14000],
      [3, 12000],
      [3, 18000],
    ]);
    expect(quoteStay(EXAMPLE, '2026-06-27', '2026-07-04', 2, 'en').total).toBe(14000 + 36000 + 54000 + 5000 + 2800);
  });

  it('counts the leap day in a season that ends on 02-29, and never in one that ends on 02-28', () => {
    const to28 = { ...BARE, seasons: [{ name: 'Winter', from: '01-10', to: '02-28', nightly: 9000 }] };
    const to29 = { ...BARE, seasons: [{ name: 'Winter', from: '01-10', to: '02-29', nightly: 9000 }] };
    expect(nightLines(to28, '2028-02-28', 2)).toEqual([
      [1, 9000],
      [1, 12000],
    ]); // 29 Feb 2028 is a Tuesday
    expect(nightLines(to29, '2028-02-28', 3)).toEqual([
      [2, 9000],
      [1, 12000],
    ]);
    expect(nightLines(to29, '2027-02-28', 2)).toEqual([
      [1, 9000],
      [1, 12000],
    ]);
  });
});

describe('fees and taxes', () => {
  it('charges the cleaning fee once, and extra guests from the `from`-th guest on, every night', () => {
    const lines = (guests: number) =>
      quoteStay(EXAMPLE, '2026-03-02', '2026-03-05', guests, 'en').lines.map((l) => l.kind);
    expect(lines(4)).toEqual(['nights', 'cleaning', 'touristTax']);
    const six = quoteStay(EXAMPLE, '2026-03-02', '2026-03-05', 6, 'en');
    expect(six.lines.find((l) => l.kind === 'extraGuests')).toEqual({
      kind: 'extraGuests',
      label: '2 extra guests × 3 nights × €15',
      amount: 9000,
      unitAmount: 1500,
      nights: 3,
      guests: 2,
    });
    expect(
      quoteStay(EXAMPLE, '2026-03-02', '2026-03-03', 5, 'en').lines.find((l) => l.kind === 'extraGuests')?.label,
    ).toBe('1 extra guest × 1 night × €15');
    expect(six.lines.map((l) => l.kind)).toEqual(['nights', 'cleaning', 'extraGuests', 'touristTax']);
  });

  it('charges the tourist tax per guest for at most maxNights nights', () => {
    const tax = (nights: number, pricing: Pricing = EXAMPLE) =>
      quoteStay(pricing, '2026-03-02', addDays('2026-03-02', nights), 3, 'en').lines.find(
        (l) => l.kind === 'touristTax',
      );
    expect(tax(6)).toMatchObject({ amount: 3 * 6 * 200, nights: 6, guests: 3 });
    expect(tax(7)).toMatchObject({ amount: 3 * 7 * 200, nights: 7 });
    expect(tax(10)).toMatchObject({
      amount: 3 * 7 * 200,
      nights: 7,
      label: 'Municipal tourist tax: 3 guests × 7 nights × €2',
    });
    expect(tax(10, { ...EXAMPLE, touristTax: { municipality: 'Lisboa', perGuestPerNight: 200 } })).toMatchObject({
      amount: 3 * 10 * 200,
      nights: 10,
    });
  });

  it('leaves out a fee that is absent or zero', () => {
    const kinds = (pricing: Pricing) =>
      quoteStay(pricing, '2026-03-02', '2026-03-04', 7, 'en').lines.map((l) => l.kind);
    expect(kinds(BARE)).toEqual(['nights']);
    expect(
      kinds({
        ...EXAMPLE,
        cleaningFee: 0,
        extraGuest: { from: 3, perNight: 0 },
        touristTax: { municipality: 'Lisboa', perGuestPerNight: 0 },
      }),
    ).toEqual(['nights']);
  });
});

describe('the rules of a stay', () => {
  it("takes the minimum stay of the first night's season, else the top-level one, else one night", () => {
    const summer = quoteStay(EXAMPLE, '2026-07-04', '2026-07-07', 2, 'en');
    expect(summer).toMatchObject({
      minNights: 5,
      bookable: false,
      reason: 'min_nights',
      message: 'Minimum stay in Summer: 5 nights',
      rule: { seasonName: 'Summer', minNights: 5, arrivalDays: ['sat'] },
    });
    expect(summer.total).toBe(3 * 18000 + 5000 + 2 * 3 * 200); // still priced: the owner decides
    expect(quoteStay(EXAMPLE, '2026-07-04', '2026-07-09', 2, 'en')).toMatchObject({ bookable: true, reason: null });
    expect(quoteStay(EXAMPLE, '2026-03-02', '2026-03-03', 2, 'en')).toMatchObject({
      minNights: 2,
      reason: 'min_nights',
      message: 'Minimum stay: 2 nights',
      rule: { seasonName: null },
    });
    // The first night is in June: the top-level rules, though the stay runs into Summer.
    expect(quoteStay(EXAMPLE, '2026-06-29', '2026-07-02', 2, 'en')).toMatchObject({
      minNights: 2,
      bookable: true,
      rule: { seasonName: null, arrivalDays: null },
    });
    // A season without its own minimum has the top-level one.
    expect(
      quoteStay(
        { ...EXAMPLE, seasons: [{ name: 'Low', from: '03-01', to: '03-31', nightly: 9000 }] },
        '2026-03-02',
        '2026-03-03',
        2,
        'en',
      ),
    ).toMatchObject({ minNights: 2, message: 'Minimum stay in Low: 2 nights' });
    expect(quoteStay(BARE, '2026-03-02', '2026-03-03', 2, 'en')).toMatchObject({ minNights: 1, bookable: true });
  });

  it("takes the arrival days of the first night's season, any day when none are set", () => {
    expect(quoteStay(EXAMPLE, '2026-07-05', '2026-07-12', 2, 'en')).toMatchObject({
      bookable: false,
      reason: 'arrival_day',
      message: 'Arrivals on Saturday only',
    });
    expect(quoteStay(EXAMPLE, '2026-12-22', '2026-12-27', 2, 'en')).toMatchObject({
      bookable: true,
      reason: null,
      rule: { seasonName: 'Christmas', minNights: 4, arrivalDays: null },
    });
    const weekends = { ...BARE, arrivalDays: ['sun' as const, 'sat' as const] };
    expect(quoteStay(weekends, '2026-03-02', '2026-03-05', 2, 'en')).toMatchObject({
      reason: 'arrival_day',
      message: 'Arrivals on Saturday or Sunday only',
    });
    expect(quoteStay(weekends, '2026-03-02', '2026-03-05', 2, 'pt-PT').message).toBe(
      'Dias de chegada: sábado ou domingo',
    );
    expect(quoteStay(weekends, '2026-03-08', '2026-03-09', 2, 'en')).toMatchObject({ bookable: true });
    // Both broken: the minimum is named first.
    expect(quoteStay(EXAMPLE, '2026-07-06', '2026-07-08', 2, 'en').reason).toBe('min_nights');
  });

  it('marks dates the server found taken, whatever the rules say', () => {
    const quote = quoteStay(EXAMPLE, '2026-07-04', '2026-07-11', 2, 'en');
    expect(withUnavailable(quote, 'en')).toEqual({
      ...quote,
      bookable: false,
      reason: 'dates_unavailable',
      message: 'These dates are not available',
    });
    expect(withUnavailable(quote, 'pt-PT').message).toBe('Estas datas não estão disponíveis');
  });
});

describe('labels in the page language', () => {
  it('writes Portuguese labels, numbers and season names', () => {
    const pt = PricingSchema.parse({ ...EXAMPLE, seasons: [{ ...EXAMPLE.seasons[0], name: 'Verão' }] });
    const quote = quoteStay(pt, '2026-07-04', '2026-07-07', 6, 'pt-PT');
    expect(quote.lines.map((l) => l.label)).toEqual([
      '3 noites × 180\u00a0€',
      'Taxa de limpeza',
      '2 hóspedes extra × 3 noites × 15\u00a0€',
      'Taxa turística municipal: 6 hóspedes × 3 noites × 2\u00a0€',
    ]);
    expect(quote.message).toBe('Estadia mínima (Verão): 5 noites');
    expect(quoteStay(pt, '2026-07-05', '2026-07-12', 1, 'pt-PT').message).toBe('Dia de chegada: sábado');
    expect(quoteStay(pt, '2026-03-02', '2026-03-03', 1, 'pt-PT').lines[0]?.label).toBe('1 noite × 120\u00a0€');
  });
});

describe('quoteStay', () => {
  it('answers in the shape of QuoteSchema', () => {
    const quote = quoteStay(EXAMPLE, '2026-06-27', '2026-07-10', 7, 'en');
    expect(QuoteSchema.parse(quote)).toEqual(quote);
  });

  it('refuses what is not a stay', () => {
    expect(() => quoteStay(EXAMPLE, '2026-07-04', '2026-07-04', 2, 'en')).toThrow(RangeError);
    expect(() => quoteStay(EXAMPLE, '2026-07-04', '2026-07-03', 2, 'en')).toThrow(RangeError);
    expect(() => quoteStay(EXAMPLE, '2026-02-30', '2026-03-03', 2, 'en')).toThrow(RangeError);
    expect(() => quoteStay(EXAMPLE, '2026-01-01', '2027-01-03', 2, 'en')).toThrow(RangeError);
    expect(() => quoteStay(EXAMPLE, '2026-07-04', '2026-07-05', 0, 'en')).toThrow(RangeError);
    expect(() => quoteStay(EXAMPLE, '2026-07-04', '2026-07-05', 1.5, 'en')).toThrow(RangeError);
  });

  it('finds the weekday of a day from the string alone', () => {
    for (let n = -800; n < 3000; n += 7 * 13 + 1) {
      const day = addDays('2026-01-01', n);
      expect(weekdayOf(day), day).toBe(
        ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${day}T12:00:00Z`).getUTCDay()],
      );
    }
  });
});

describe('quoteQuerySchema', () => {
  const schema = quoteQuerySchema(7, ['en', 'pt-PT']);
  const problems = (query: unknown) => {
    const result = schema.safeParse(query);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it("reads a query's texts, the default locale when none is given", () => {
    expect(schema.parse({ checkIn: '2026-07-04', checkOut: '2026-07-11', guests: '6' })).toEqual({
      checkIn: '2026-07-04',
      checkOut: '2026-07-11',
      guests: 6,
      adults: 6,
      childrenAges: [],
      locale: 'en',
    });
    expect(
      schema.parse({ checkIn: '2026-07-04', checkOut: '2026-07-11', adults: '2', childrenAges: '10,4' }),
    ).toMatchObject({
      guests: 4,
      adults: 2,
      childrenAges: [10, 4],
    });
    expect(schema.parse({ checkIn: '2026-07-04', checkOut: '2026-07-05', guests: 1, locale: 'pt-PT' }).locale).toBe(
      'pt-PT',
    );
  });

  it('names the field of a bad query', () => {
    const stay = { checkIn: '2026-07-04', checkOut: '2026-07-11', guests: '2' };
    expect(problems({ ...stay, checkIn: '2026-02-30' })).toEqual(['checkIn: Check-in is not a valid date']);
    expect(problems({ ...stay, checkOut: undefined })).toEqual(['checkOut: Check-out must be a date']);
    expect(problems({ ...stay, checkOut: '2026-07-04' })).toEqual(['checkOut: Check-out must be after check-in']);
    expect(problems({ ...stay, checkOut: '2027-07-06' })).toEqual(['checkOut: A stay can be at most 366 nights']);
    expect(problems({ ...stay, checkOut: '2027-07-05' })).toEqual([]);
    for (const guests of ['0', '8', '2.5', ' 2', '1e1', '', 'two', undefined]) {
      expect(problems({ ...stay, guests }), String(guests)).toEqual([
        'guests: Guests must be a whole number from 1 to 7',
      ]);
    }
    expect(problems({ ...stay, locale: 'fr' })).toEqual(['locale: Locale must be one of en, pt-PT']);
    const family = { checkIn: '2026-07-04', checkOut: '2026-07-11', adults: '2' };
    expect(problems({ ...family, childrenAges: '10,4,1,0,17' })).toEqual([]);
    expect(problems({ ...family, childrenAges: '10,4,1,0,17,3' })).toEqual([
      'adults: Guests must be a whole number from 1 to 7',
    ]);
    for (const childrenAges of ['18', '-1', '1.5', 'ten', '4,,5'])
      expect(problems({ ...family, childrenAges }), childrenAges).toEqual([
        expect.stringMatching(/^childrenAges(\.\d)?: Children's ages must be whole numbers from 0 to 17/),
      ]);
    expect(problems({ ...family, adults: '0' })).toEqual(['adults: Adults must be a whole number from 1 to 7']);
    expect(problems({ ...family, guests: '3' })).toEqual(['guests: Guests must be the adults and children together']);
  });
});

describe('any stay under any prices', () => {
  const amount = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 50_000 }), weight: 4 },
    { arbitrary: fc.integer({ min: 0, max: AMOUNT_MAX }), weight: 1 },
  );
  const days = fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1, maxLength: 7 });
  const nightCount = fc.integer({ min: 1, max: 14 });
  // A day of 2000, a leap year: 02-29 comes up too.
  const monthDay = fc.integer({ min: 0, max: 365 }).map((n) => addDays('2000-01-01', n).slice(5));
  const season = fc.record(
    {
      name: fc.constantFrom('Summer', 'Verão'),
      from: monthDay,
      to: monthDay,
      nightly: amount,
      weekendNightly: amount,
      minNights: nightCount,
      arrivalDays: days,
    },
    { requiredKeys: ['name', 'from', 'to', 'nightly'] },
  );
  const pricingFile = fc
    .record(
      {
        currency: fc.constantFrom('EUR', 'USD', 'JPY', 'BHD'),
        nightly: amount,
        weekendNightly: amount,
        minNights: nightCount,
        arrivalDays: days,
        seasons: fc.array(season, { maxLength: 4 }),
        cleaningFee: amount,
        extraGuest: fc.record({ from: fc.integer({ min: 1, max: 10 }), perNight: amount }),
        touristTax: fc.record(
          { municipality: fc.constant('Lisboa'), perGuestPerNight: amount, maxNights: nightCount },
          { requiredKeys: ['municipality', 'perGuestPerNight'] },
        ),
      },
      { requiredKeys: ['currency', 'nightly'] },
    )
    .map((file) => PricingSchema.parse(file));
  const stay = fc.record({
    checkIn: fc.integer({ min: 0, max: 3_650 }).map((n) => addDays('2024-01-01', n)),
    nights: fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 21 }), weight: 9 },
      { arbitrary: fc.integer({ min: 1, max: 366 }), weight: 1 },
    ),
    guests: fc.integer({ min: 1, max: 20 }),
    locale: fc.constantFrom('en', 'pt-PT'),
  });
  const quoteOf = (pricing: Pricing, s: { checkIn: string; nights: number; guests: number; locale: string }) =>
    quoteStay(pricing, s.checkIn, addDays(s.checkIn, s.nights), s.guests, s.locale);

  /** The nights' price the slow way: each night a UTC Date, each season a span of whole dates. */
  const nightsTotal = (pricing: Pricing, checkIn: string, nights: number) => {
    let total = 0;
    for (let i = 0; i < nights; i++) {
      const date = new Date(
        Date.UTC(Number(checkIn.slice(0, 4)), Number(checkIn.slice(5, 7)) - 1, Number(checkIn.slice(8, 10)) + i),
      );
      const day = date.toISOString().slice(0, 10);
      const year = date.getUTCFullYear();
      const covers = (s: Pricing['seasons'][number], startYear: number) =>
        `${startYear}-${s.from}` <= day && day <= `${s.to < s.from ? startYear + 1 : startYear}-${s.to}`;
      const season = pricing.seasons.find((s) => covers(s, year) || covers(s, year - 1));
      const prices = season ?? pricing;
      const weekend = date.getUTCDay() === 5 || date.getUTCDay() === 6;
      total += weekend ? (prices.weekendNightly ?? prices.nightly) : prices.nightly;
    }
    return total;
  };

  /** The names of the quote's invariants that do not hold; one expect per run keeps 10,000 runs fast. */
  const brokenInvariants = (
    pricing: Pricing,
    s: { checkIn: string; nights: number; guests: number; locale: string },
  ) => {
    const quote = quoteOf(pricing, s);
    const nightsLines = quote.lines.filter((l) => l.kind === 'nights');
    const order = quote.lines.map((l) => QUOTE_LINE_KINDS.indexOf(l.kind));
    const invariants = {
      nights: quote.nights === s.nights,
      'total is the sum of the lines': quote.total === quote.lines.reduce((sum, line) => sum + line.amount, 0),
      'total is a safe integer': Number.isSafeInteger(quote.total),
      'nights lines count the stay': nightsLines.reduce((sum, l) => sum + (l.nights ?? 0), 0) === s.nights,
      'one nights line per price': new Set(nightsLines.map((l) => l.unitAmount)).size === nightsLines.length,
      'nights priced one by one':
        nightsLines.reduce((sum, l) => sum + l.amount, 0) === nightsTotal(pricing, s.checkIn, s.nights),
      'lines are whole amounts': quote.lines.every(
        (l) => Number.isSafeInteger(l.amount) && Number.isSafeInteger(l.unitAmount),
      ),
      'amount is unit × nights × guests': quote.lines.every(
        (l) => l.amount === l.unitAmount * (l.nights ?? 1) * (l.guests ?? 1),
      ),
      'every line has a label': quote.lines.every((l) => l.label !== ''),
      'lines in order of kind': order.every((kind, i) => i === 0 || order[i - 1]! <= kind),
      'bookable unless a reason':
        quote.bookable === (quote.reason === null) && (quote.message === null) === (quote.reason === null),
      'min_nights when too short': (quote.reason === 'min_nights') === s.nights < quote.minNights,
    };
    return Object.entries(invariants)
      .filter(([, holds]) => !holds)
      .map(([name]) => name);
  };

  it('adds up: the lines make the total, the nights lines make the stay, in whole minor units', () => {
    fc.assert(
      fc.property(pricingFile, stay, (pricing, s) => {
        expect(brokenInvariants(pricing, s)).toEqual([]);
      }),
      { numRuns: 10_000, seed: 14 },
    );
  });

  it('gives the same quotes in every time zone', async () => {
    const cases = fc.sample(fc.tuple(pricingFile, stay), { numRuns: 10_000, seed: 41 });
    const byZone = await inEachTimeZone(() => cases.map(([pricing, s]) => quoteOf(pricing, s)));
    const utc = byZone.UTC!;
    expect(new Set(utc.map((q) => q.total)).size).toBeGreaterThan(1_000);
    for (const zone of TIME_ZONES) {
      expect(
        byZone[zone]!.map((q) => q.total),
        zone,
      ).toEqual(utc.map((q) => q.total));
      expect(JSON.stringify(byZone[zone]), zone).toBe(JSON.stringify(utc));
    }
  });
});
