import { proportion } from './proportion.js';
import { z } from './zod.js';

// What a refund gives back: the tourist tax and the rest (nights and fees), kept when the refund is
// planned, so its credit note credits the tax line first and the rest over the VAT lines
// (docs/decisions/0059-refund-make-up-and-credit-notes.md).

export const RefundMakeUpSchema = z.object({ touristTaxCents: z.number().int(), restCents: z.number().int() });
export type RefundMakeUp = z.infer<typeof RefundMakeUpSchema>;

type QuoteLines = readonly { kind: string; amount: number }[];

/** The tourist tax within `amountCents` paid towards a quote: its share, cut as the payment's document cuts its lines. */
export function taxShareCents(quoteLines: QuoteLines, amountCents: number): number {
  const lines = quoteLines.filter((l) => l.amount > 0);
  const parts = proportion(
    amountCents,
    lines.map((l) => l.amount),
  );
  return lines.reduce((sum, line, i) => (line.kind === 'touristTax' ? sum + (parts[i] ?? 0) : sum), 0);
}

/** A refund's make-up: as kept, or, for one planned before it was kept, its proportional share of the quote. */
export function refundMakeUp(
  refund: { amountCents: number; refundTaxCents: number | null },
  quoteLines: QuoteLines,
): RefundMakeUp {
  const tax = refund.refundTaxCents ?? taxShareCents(quoteLines, refund.amountCents);
  const touristTaxCents = Math.max(0, Math.min(tax, refund.amountCents));
  return { touristTaxCents, restCents: refund.amountCents - touristTaxCents };
}
