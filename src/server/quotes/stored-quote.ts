import { type Quote, QuoteSchema } from '../../shared/quote-schema.js';
import { formatAmount } from '../../shared/quote-text.js';

/** An inquiry's stored quote, or null when there is none or it no longer reads as one. */
export function storedQuote(json: string | null): Quote | null {
  if (!json) return null;
  try {
    return QuoteSchema.parse(JSON.parse(json));
  } catch {
    return null;
  }
}

/**
 * The quote as lines of text, in the language the guest saw it in: each line's label and amount,
 * the total, and the broken rule if any.
 */
export function quoteAsText(quote: Quote, locale: string, totalLabel = 'Total'): string[] {
  const amount = (value: number) => formatAmount(value, quote.currency, locale);
  return [
    ...quote.lines.map((line) => `${line.label}: ${amount(line.amount)}`),
    `${totalLabel}: ${amount(quote.total)}`,
    ...(quote.message ? [quote.message] : []),
  ];
}
