import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './date-ranges.js';
import { daysBeforeArrival, refundCents, tierFor } from './cancellation.js';
import { cancellationDeadlines, cancellationPolicyWords } from './booking-text.js';

const POLICY = [
  { daysBeforeArrival: 60, refundPercent: 100 },
  { daysBeforeArrival: 30, refundPercent: 50 },
  { daysBeforeArrival: 0, refundPercent: 0 },
];

describe('refunds by the cancellation tiers', () => {
  it('gives each tier from its first day on', () => {
    const checkIn = '2027-08-01';
    expect(refundCents(POLICY, 100_000, addDays(checkIn, -61), checkIn)).toBe(100_000);
    expect(refundCents(POLICY, 100_000, addDays(checkIn, -60), checkIn)).toBe(100_000);
    expect(refundCents(POLICY, 100_000, addDays(checkIn, -59), checkIn)).toBe(50_000);
    expect(refundCents(POLICY, 100_000, addDays(checkIn, -30), checkIn)).toBe(50_000);
    expect(refundCents(POLICY, 100_000, addDays(checkIn, -29), checkIn)).toBe(0);
    expect(refundCents(POLICY, 100_000, checkIn, checkIn)).toBe(0);
  });

  it('rounds down to whole cents and refunds nothing later than every tier', () => {
    expect(refundCents([{ daysBeforeArrival: 10, refundPercent: 33 }], 1001, '2027-01-01', '2027-02-01')).toBe(330);
    expect(refundCents([{ daysBeforeArrival: 10, refundPercent: 100 }], 5000, '2027-01-25', '2027-02-01')).toBe(0);
    expect(tierFor([], 100)).toBeUndefined();
  });

  it('never refunds more than was paid, never less than zero, and never less for cancelling earlier', () => {
    const tiers = fc.uniqueArray(
      fc.record({
        daysBeforeArrival: fc.integer({ min: 0, max: 365 }),
        refundPercent: fc.integer({ min: 0, max: 100 }),
      }),
      { minLength: 1, maxLength: 5, selector: (t) => t.daysBeforeArrival },
    );
    // A policy's refunds grow with the notice given, as every real policy's do.
    const monotone = tiers.map((list) => {
      const sorted = list.toSorted((a, b) => a.daysBeforeArrival - b.daysBeforeArrival);
      let percent = 0;
      return sorted.map((t) => ({ ...t, refundPercent: (percent = Math.max(percent, t.refundPercent)) }));
    });
    fc.assert(
      fc.property(
        monotone,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -5, max: 400 }),
        fc.integer({ min: 0, max: 30 }),
        (policy, paid, daysLeft, earlier) => {
          const checkIn = '2028-06-15';
          const late = refundCents(policy, paid, addDays(checkIn, -daysLeft), checkIn);
          const early = refundCents(policy, paid, addDays(checkIn, -(daysLeft + earlier)), checkIn);
          expect(Number.isInteger(late)).toBe(true);
          expect(late).toBeGreaterThanOrEqual(0);
          expect(late).toBeLessThanOrEqual(paid);
          expect(early).toBeGreaterThanOrEqual(late);
        },
      ),
    );
  });

  it('says the policy in words in each language, the deposit never a "sinal"', () => {
    expect(cancellationPolicyWords(POLICY, 'en')).toEqual([
      'Cancel 60 or more days before arrival: full refund.',
      'Cancel 30 or more days before arrival: 50% of what you paid is refunded.',
      'Cancel later than that: no refund.',
    ]);
    const pt = cancellationPolicyWords(POLICY, 'pt-PT');
    expect(pt[0]).toBe('Cancelamento com 60 ou mais dias de antecedência: reembolso total.');
    expect(pt.join(' ')).not.toMatch(/sinal/i);
    expect(cancellationPolicyWords([{ daysBeforeArrival: 14, refundPercent: 100 }], 'en')).toEqual([
      'Cancel 14 or more days before arrival: full refund.',
      'Cancel later than that: no refund.',
    ]);
  });
});

describe('the policy as dates of one stay', () => {
  // Arrival 2 July 2027: 60 days before is 3 May, 30 days before is 2 June.
  it('gives each period its last day, the way tierFor counts the days', () => {
    expect(cancellationDeadlines(POLICY, '2027-07-02', 'en')).toEqual([
      'Until 3 May 2027: full refund.',
      'From 4 May 2027 to 2 June 2027: 50% of what you paid is refunded.',
      'From 3 June 2027: no refund.',
    ]);
    expect(tierFor(POLICY, daysBeforeArrival('2027-05-03', '2027-07-02'))?.refundPercent).toBe(100);
    expect(tierFor(POLICY, daysBeforeArrival('2027-05-04', '2027-07-02'))?.refundPercent).toBe(50);
    expect(tierFor(POLICY, daysBeforeArrival('2027-06-02', '2027-07-02'))?.refundPercent).toBe(50);
    expect(tierFor(POLICY, daysBeforeArrival('2027-06-03', '2027-07-02'))?.refundPercent).toBe(0);
    expect(cancellationDeadlines(POLICY, '2027-07-02', 'pt-PT')).toEqual([
      'Até 3 de maio de 2027: reembolso total.',
      'De 4 de maio de 2027 a 2 de junho de 2027: reembolso de 50% do valor pago.',
      'A partir de 3 de junho de 2027: sem reembolso.',
    ]);
  });

  it('leaves out the periods over before the booking, and closes an open last tier with no refund', () => {
    expect(cancellationDeadlines(POLICY, '2027-07-02', 'en', '2027-05-20')).toEqual([
      'Until 2 June 2027: 50% of what you paid is refunded.',
      'From 3 June 2027: no refund.',
    ]);
    expect(cancellationDeadlines([{ daysBeforeArrival: 14, refundPercent: 100 }], '2027-07-02', 'en')).toEqual([
      'Until 18 June 2027: full refund.',
      'From 19 June 2027: no refund.',
    ]);
    expect(
      cancellationDeadlines(
        [
          { daysBeforeArrival: 30, refundPercent: 100 },
          { daysBeforeArrival: 0, refundPercent: 50 },
        ],
        '2027-07-02',
        'en',
      ),
    ).toEqual([
      'Until 2 June 2027: full refund.',
      'From 3 June 2027 to 2 July 2027: 50% of what you paid is refunded.',
    ]);
    expect(cancellationDeadlines([], '2027-07-02', 'en')).toEqual(['A cancellation is not refunded.']);
  });
});
