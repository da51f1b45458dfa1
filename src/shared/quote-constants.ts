// A quote's kinds of line, its reasons and its longest stay: read by the schemas (quote-schema.ts)
// and the pricing (quote.ts) alike, so neither imports the other for them.

export const QUOTE_LINE_KINDS = ['nights', 'cleaning', 'extraGuests', 'touristTax'] as const;
export const QUOTE_REASONS = ['min_nights', 'arrival_day', 'dates_unavailable'] as const;
/** The longest stay a quote is asked for. */
export const QUOTE_NIGHTS_MAX = 366;
export const STAY_TOO_LONG = `A stay can be at most ${QUOTE_NIGHTS_MAX} nights`;

export type QuoteReason = (typeof QUOTE_REASONS)[number];
