import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inEachTimeZone, TIME_ZONES } from '../../tests/support/server/time-zones.js';
import {
  addDays,
  firstTakenNightFrom,
  addMonths,
  clipRanges,
  type DateRange,
  daysBetween,
  isNightTaken,
  mergeRanges,
  overlapsAny,
  rangesOverlap,
} from './date-ranges.js';

const day = fc.integer({ min: 0, max: 3_000 }).map((n) => addDays('2025-01-01', n));
const range = fc
  .tuple(day, fc.integer({ min: 1, max: 40 }))
  .map(([start, nights]) => ({ start, end: addDays(start, nights) }));

/** Every night of the ranges, one by one: the slow, obviously right answer. */
const nightsOf = (ranges: readonly DateRange[]) => {
  const nights = new Set<string>();
  for (const r of ranges) for (let d = r.start; d < r.end; d = addDays(d, 1)) nights.add(d);
  return [...nights].sort();
};

describe('day arithmetic', () => {
  it('crosses month, year, leap-day and daylight-saving boundaries the same in every time zone', async () => {
    const results = await inEachTimeZone(() => [
      addDays('2026-03-28', 2), // Lisbon and Los Angeles change the clock around here
      addDays('2026-10-24', 2),
      addDays('2028-02-28', 1),
      addDays('2027-02-28', 1),
      addDays('2026-12-31', 1),
      addDays('2026-01-01', -1),
      addMonths('2026-01-31', 1),
      addMonths('2028-01-31', 1),
      addMonths('2026-11-23', 18),
      String(daysBetween('2026-03-01', '2026-04-01')),
      String(daysBetween('2026-10-01', '2026-11-01')),
    ]);
    for (const zone of TIME_ZONES) {
      expect(results[zone], zone).toEqual([
        '2026-03-30',
        '2026-10-26',
        '2028-02-29',
        '2027-03-01',
        '2027-01-01',
        '2025-12-31',
        '2026-02-28',
        '2028-02-29',
        '2028-05-23',
        '31',
        '31',
      ]);
    }
  });

  it('addDays and daysBetween agree for any day and offset', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -800, max: 800 }), (from, n) => {
        expect(daysBetween(from, addDays(from, n))).toBe(n);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('ranges', () => {
  it('merge into sorted, separate ranges covering exactly the same nights, in every time zone', async () => {
    const results = await inEachTimeZone(() =>
      fc.check(
        fc.property(fc.array(range, { maxLength: 30 }), (ranges) => {
          const merged = mergeRanges(ranges);
          expect(nightsOf(merged)).toEqual(nightsOf(ranges));
          for (let i = 1; i < merged.length; i++) expect(merged[i - 1]!.end < merged[i]!.start).toBe(true);
        }),
        { numRuns: 300, seed: 13 },
      ),
    );
    for (const zone of TIME_ZONES) expect(results[zone]?.failed, zone).toBe(false);
  });

  it('clip to the window without losing or adding a night in it', () => {
    fc.assert(
      fc.property(fc.array(range, { maxLength: 30 }), range, (ranges, window) => {
        const inWindow = nightsOf(ranges).filter((n) => n >= window.start && n < window.end);
        expect(nightsOf(clipRanges(ranges, window.start, window.end))).toEqual(inWindow);
      }),
      { numRuns: 500 },
    );
  });

  it('overlap by a shared night only: a stay may start on the day another ends', () => {
    const stay = { start: '2026-12-10', end: '2026-12-13' };
    expect(rangesOverlap(stay, { start: '2026-12-13', end: '2026-12-15' })).toBe(false);
    expect(rangesOverlap(stay, { start: '2026-12-07', end: '2026-12-10' })).toBe(false);
    expect(rangesOverlap(stay, { start: '2026-12-12', end: '2026-12-13' })).toBe(true);
    expect(
      overlapsAny(stay, [
        { start: '2026-12-01', end: '2026-12-10' },
        { start: '2026-12-09', end: '2026-12-11' },
      ]),
    ).toBe(true);
    expect(isNightTaken('2026-12-12', [stay])).toBe(true);
    expect(isNightTaken('2026-12-13', [stay])).toBe(false);
    fc.assert(
      fc.property(range, range, (a, b) => {
        const shared = nightsOf([a]).filter((n) => nightsOf([b]).includes(n));
        expect(rangesOverlap(a, b)).toBe(shared.length > 0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('firstTakenNightFrom', () => {
  const taken = [
    { start: '2026-07-20', end: '2026-07-23' },
    { start: '2026-08-01', end: '2026-08-05' },
  ];

  it('is the next arrival day, where a stay may still end (turnover)', () => {
    expect(firstTakenNightFrom('2026-07-10', taken)).toBe('2026-07-20');
    expect(firstTakenNightFrom('2026-07-23', taken)).toBe('2026-08-01');
  });

  it('is the check-in itself when that night is taken, so no check-out is left', () => {
    expect(firstTakenNightFrom('2026-07-21', taken)).toBe('2026-07-21');
  });

  it('is null with no taken night ahead, whatever the order of the ranges', () => {
    expect(firstTakenNightFrom('2026-08-05', taken)).toBeNull();
    expect(firstTakenNightFrom('2026-07-10', taken.toReversed())).toBe('2026-07-20');
  });
});
