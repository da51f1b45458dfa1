import type { PropertyContent } from '../../shared/content.js';
import type { InvoiceLine } from '../../shared/invoicing.js';
import type { QuoteLine } from '../../shared/quote-schema.js';

// The lines of a payment's document: the booking's quote, each line in proportion to what this
// payment paid of the total (a deposit of 30 % carries 30 % of each line), rounded so the lines
// add up to the payment to the cent; a refund's credit note takes its invoice's lines in
// proportion the same way. The VAT comes from the content's legal.invoicing (docs/invoicing.md).

export type InvoicingSettings = NonNullable<NonNullable<PropertyContent['legal']>['invoicing']>;

const DESCRIPTIONS: Record<InvoiceLine['kind'], string> = {
  nights: 'Alojamento',
  extraGuests: 'Alojamento: hóspedes adicionais',
  cleaning: 'Limpeza',
  touristTax: 'Taxa municipal turística (não sujeita a IVA)',
};

function vatOf(kind: QuoteLine['kind'], settings: InvoicingSettings) {
  if (kind === 'touristTax') return { vatPercent: 0, exemptionCode: settings.touristTaxCode };
  const percent =
    kind === 'cleaning' ? (settings.feesVatPercent ?? settings.nightsVatPercent) : settings.nightsVatPercent;
  return percent > 0
    ? { vatPercent: percent, exemptionCode: null }
    : { vatPercent: 0, exemptionCode: settings.exemptionCode ?? null };
}

/**
 * `amount` split over `weights` in proportion, each part whole, the parts adding up to `amount`
 * (largest remainder: the cents lost to rounding go to the largest fractions, earliest first).
 */
export function proportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

/** The lines of a payment of `amountCents` towards a stay whose quote has `quoteLines`. */
export function paymentLines(
  quoteLines: readonly QuoteLine[],
  amountCents: number,
  settings: InvoicingSettings,
  prefix: string,
): InvoiceLine[] {
  const lines = quoteLines.filter((l) => l.amount > 0);
  const parts = proportion(
    amountCents,
    lines.map((l) => l.amount),
  );
  return lines
    .map((line, i) => ({
      kind: line.kind,
      description: `${prefix}${DESCRIPTIONS[line.kind] ?? line.label}`,
      amountCents: parts[i] ?? 0,
      ...vatOf(line.kind, settings),
    }))
    .filter((l) => l.amountCents > 0);
}

/** A credit note's lines: its invoice's, in proportion to the refund. */
export function creditLines(invoiceLines: readonly InvoiceLine[], refundCents: number): InvoiceLine[] {
  const parts = proportion(
    refundCents,
    invoiceLines.map((l) => l.amountCents),
  );
  return invoiceLines.map((line, i) => ({ ...line, amountCents: parts[i] ?? 0 })).filter((l) => l.amountCents > 0);
}
