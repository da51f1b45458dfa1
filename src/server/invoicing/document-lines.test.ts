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

  // €1,000 of nights at 6 % and €40 of tourist tax; a 50 % cancellation gives back the tax and half the nights.
  const settings = { nightsVatPercent: 6, touristTaxCode: 'M99' };
  const invoice = paymentLines([line('nights', 100_000), line('touristTax', 4_000)], 104_000, settings, '');

  it('credits the tax line first, up to the tax refunded, then the rest over the VAT lines', () => {
    expect(creditLines(invoice, 54_000, 4_000).map((l) => [l.kind, l.amountCents])).toEqual([
      ['nights', 50_000],
      ['touristTax', 4_000],
    ]);
    // Kept as planned before: in proportion, as it always was.
    expect(creditLines(invoice, 54_000, null).map((l) => l.amountCents)).toEqual([51_923, 2_077]);
  });

  it('credits only tax for a tax-only refund, and spreads the rest over several VAT lines in proportion', () => {
    expect(creditLines(invoice, 1_200, 1_200).map((l) => [l.kind, l.amountCents])).toEqual([['touristTax', 1_200]]);
    const three = paymentLines(
      [line('nights', 36_000), line('cleaning', 5_000), line('touristTax', 1_200)],
      42_200,
      { nightsVatPercent: 6, feesVatPercent: 23, touristTaxCode: 'M99' },
      '',
    );
    expect(creditLines(three, 21_700, 1_200).map((l) => [l.kind, l.amountCents])).toEqual([
      ['nights', 18_000],
      ['cleaning', 2_500],
      ['touristTax', 1_200],
    ]);
  });

  it('never credits a line past its invoice: tax the invoice does not hold goes to the VAT lines', () => {
    const deposit = paymentLines([line('nights', 100_000), line('touristTax', 4_000)], 31_200, settings, '');
    expect(deposit.map((l) => l.amountCents)).toEqual([30_000, 1_200]);
    expect(creditLines(deposit, 5_000, 4_000).map((l) => [l.kind, l.amountCents])).toEqual([
      ['nights', 3_800],
      ['touristTax', 1_200],
    ]);
  });
});
