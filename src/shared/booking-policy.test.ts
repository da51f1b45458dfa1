import { describe, expect, it } from 'vitest';
import { inEachTimeZone } from '../../tests/support/server/time-zones.js';
import { BOOKING_TEXTS } from './booking-text.js';
import { bookingShape, isIban, paymentPlan } from './booking-policy.js';
import { houseToday } from './dates.js';
import { z } from './zod.js';

describe('the payment plan', () => {
  const settings = { depositPercent: 30, balanceDaysBeforeArrival: 30 };

  it('takes the deposit now and the balance 30 days before arrival, in whole cents that add up', () => {
    expect(paymentPlan(settings, 100_001, '2027-01-01', '2027-06-01')).toEqual({
      totalCents: 100_001,
      dueNowCents: 30_001,
      balanceCents: 70_000,
      balanceDueOn: '2027-05-02',
    });
  });

  it('takes everything at once for a stay that starts inside the balance window', () => {
    expect(paymentPlan(settings, 50_000, '2027-05-02', '2027-06-01')).toEqual({
      totalCents: 50_000,
      dueNowCents: 50_000,
      balanceCents: 0,
      balanceDueOn: null,
    });
    expect(
      paymentPlan({ depositPercent: 100, balanceDaysBeforeArrival: 30 }, 50_000, '2027-01-01', '2027-06-01')
        .balanceCents,
    ).toBe(0);
  });
});

describe('the booking settings', () => {
  const schema = bookingShape(z.string());
  const base = { cancellation: [{ daysBeforeArrival: 0, refundPercent: 0 }], houseRules: 'No parties.' };

  it('checks the IBAN by its check digits', () => {
    expect(isIban('PT50 0002 0123 1234 5678 9015 4')).toBe(true);
    expect(isIban('PT50 0002 0123 1234 5678 9015 5')).toBe(false);
    expect(
      schema.safeParse({ ...base, bankTransfer: { iban: 'PT50000201231234567890155', holder: 'X' } }).error?.issues[0]
        ?.path,
    ).toEqual(['bankTransfer', 'iban']);
  });

  it('defaults to inquiry mode, and refuses a 0 % deposit, a tier named twice and an unknown field', () => {
    expect(schema.parse(base).mode).toBe('inquiry');
    expect(schema.safeParse({ ...base, depositPercent: 0 }).success).toBe(false);
    expect(
      schema.safeParse({
        ...base,
        cancellation: [
          { daysBeforeArrival: 5, refundPercent: 0 },
          { daysBeforeArrival: 5, refundPercent: 10 },
        ],
      }).success,
    ).toBe(false);
    expect(schema.safeParse({ ...base, deposit: 30 }).success).toBe(false);
  });

  it('calls the Portuguese deposit a pré-pagamento, never a sinal', () => {
    expect(BOOKING_TEXTS.pt?.deposit).toBe('Pré-pagamento');
    expect(JSON.stringify(BOOKING_TEXTS.pt)).not.toMatch(/\bsinal\b/i);
  });
});

describe("the house's today", () => {
  it('is the day in Lisbon whatever the server’s zone', async () => {
    // 23:30 UTC on 30 June is already 1 July in Lisbon (UTC+1 in summer); 23:30 UTC in January is not.
    const results = await inEachTimeZone(() => [
      houseToday(Date.UTC(2027, 5, 30, 23, 30)),
      houseToday(Date.UTC(2027, 0, 15, 23, 30)),
    ]);
    for (const days of Object.values(results)) expect(days).toEqual(['2027-07-01', '2027-01-15']);
  });
});
