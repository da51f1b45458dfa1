import { describe, expect, it } from 'vitest';
import type { QuoteLine } from '../../shared/quote-schema.js';
import { creditLines, paymentLines, proportion } from './document-lines.js';

const line = (kind: QuoteLine['kind'], amount: number): QuoteLine => ({
  kind,
  label: kind,
  amount,
  unitAmount: amount,
  nights: null,
  guests: null,
});

describe("a payment's lines", () => {
  it('splits an amount in proportion, to the cent, the parts adding up', () => {
    expect(proportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(proportion(12_660, [36_000, 5_000, 1_200])).toEqual([10_800, 1_500, 360]);
    for (const amount of [1, 7, 999, 12_345])
      expect(proportion(amount, [333, 333, 334, 1]).reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it('gives the nights, fees and tourist tax their VAT, the tax outside VAT with its code', () => {
    const quote = [
      line('nights', 36_000),
      line('cleaning', 5_000),
      line('extraGuests', 900),
      line('touristTax', 1_200),
    ];
    const lines = paymentLines(quote, 43_100, { nightsVatPercent: 4, feesVatPercent: 23, touristTaxCode: 'M99' }, '');
    expect(lines.map((l) => [l.kind, l.amountCents, l.vatPercent, l.exemptionCode])).toEqual([
      ['nights', 36_000, 4, null],
      ['cleaning', 5_000, 23, null],
      ['extraGuests', 900, 4, null],
      ['touristTax', 1_200, 0, 'M99'],
    ]);
  });

  it('exempts the nights under art. 53.º with the owner’s code', () => {
    const lines = paymentLines(
      [line('nights', 1_000)],
      1_000,
      { nightsVatPercent: 0, exemptionCode: 'M10', touristTaxCode: 'M99' },
      '',
    );
    expect(lines[0]).toMatchObject({ vatPercent: 0, exemptionCode: 'M10' });
  });

  it("gives a refund its invoice's lines in proportion", () => {
    const invoice = paymentLines(
      [line('nights', 36_000), line('touristTax', 1_200)],
      11_160,
      { nightsVatPercent: 6, touristTaxCode: 'M99' },
      '',
    );
    const credit = creditLines(invoice, 5_580);
    expect(credit.map((l) => l.amountCents)).toEqual([5_400, 180]);
  });
});
