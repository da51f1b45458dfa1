import type { PropertyContent } from '../../shared/content.js';
import type { InvoiceLine } from '../../shared/invoicing.js';
import { proportion } from '../../shared/proportion.js';
import type { QuoteLine } from '../../shared/quote-schema.js';

// The lines of a payment's document: the booking's quote, each line in proportion to what this
// payment paid of the total (a deposit of 30 % carries 30 % of each line), rounded so the lines
// add up to the payment to the cent. A refund's credit note credits its invoice's tourist tax line
// first, up to the tax the refund gives back, then the rest over the VAT lines in proportion
// (docs/decisions/0059-refund-make-up-and-credit-notes.md). The VAT comes from the content's
// legal.invoicing (docs/invoicing.md).

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

export { proportion };

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

const isTax = (line: InvoiceLine) => line.kind === 'touristTax';

/** `amount` over the lines chosen by `pick`, in proportion to what each still has, none past it. */
function spread(lines: readonly InvoiceLine[], room: number[], amount: number, pick: (l: InvoiceLine) => boolean) {
  const weights = lines.map((l, i) => (pick(l) ? (room[i] ?? 0) : 0));
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount <= 0) return 0;
  const parts = proportion(Math.min(amount, total), weights);
  parts.forEach((part, i) => (room[i] = (room[i] ?? 0) - part));
  return Math.min(amount, total);
}

/**
 * A credit note's lines: its invoice's, crediting the tourist tax line first up to `taxCents` (the
 * tax the refund gives back), then the rest over the VAT lines in proportion; what a line cannot
 * take (an invoice holding less tax than the refund) goes to the others. Without `taxCents` (a
 * refund planned before its make-up was kept), every line in proportion to the refund.
 */
export function creditLines(
  invoiceLines: readonly InvoiceLine[],
  refundCents: number,
  taxCents?: number | null,
): InvoiceLine[] {
  if (taxCents === null || taxCents === undefined) {
    const parts = proportion(
      refundCents,
      invoiceLines.map((l) => l.amountCents),
    );
    return invoiceLines.map((line, i) => ({ ...line, amountCents: parts[i] ?? 0 })).filter((l) => l.amountCents > 0);
  }
  const room = invoiceLines.map((l) => l.amountCents);
  const tax = spread(invoiceLines, room, Math.min(taxCents, refundCents), isTax);
  let left = refundCents - tax;
  left -= spread(invoiceLines, room, left, (l) => !isTax(l));
  left -= spread(invoiceLines, room, left, isTax);
  return invoiceLines
    .map((line, i) => ({ ...line, amountCents: line.amountCents - (room[i] ?? 0) + (i === 0 ? left : 0) }))
    .filter((l) => l.amountCents > 0);
}
