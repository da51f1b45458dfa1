import { localizeProperty, type PropertyContent } from '../../shared/content.js';
import type { Pricing } from '../../shared/pricing.js';
import { quoteStay } from '../../shared/quote.js';
import { QUOTE_NIGHTS_MAX } from '../../shared/quote-constants.js';
import type { Quote } from '../../shared/quote-schema.js';
import { daysBetween } from '../../shared/date-ranges.js';

export interface StayToQuote {
  checkIn: string;
  checkOut: string;
  guests: number;
  /** With the children's ages when known; `guests` alone is that many adults. */
  adults?: number;
  childrenAges?: readonly number[];
  locale: string;
}

/**
 * The content's prices in each of its languages (season names differ), localized once at start,
 * and the quote of a stay from them: the very function the page runs (shared/quote.ts).
 */
export function createQuoter(property: PropertyContent) {
  const byLocale = new Map<string, Pricing | undefined>(
    property.locales.map((locale) => [locale, localizeProperty(property, locale).pricing]),
  );
  return {
    hasPrices: byLocale.values().next().value !== undefined,
    /**
     * Undefined when the site has no prices, or the stay is longer than a quote covers. A booked
     * stay's `touristTax` is its own rule (null for none), not the content's (decision 0053).
     */
    quote(stay: StayToQuote, touristTax?: Pricing['touristTax'] | null): Quote | undefined {
      const prices = byLocale.get(stay.locale);
      if (!prices) return undefined;
      const pricing = touristTax === undefined ? prices : { ...prices, touristTax: touristTax ?? undefined };
      const nights = daysBetween(stay.checkIn, stay.checkOut);
      if (nights < 1 || nights > QUOTE_NIGHTS_MAX) return undefined;
      const who =
        stay.adults === undefined ? stay.guests : { adults: stay.adults, childrenAges: stay.childrenAges ?? [] };
      return quoteStay(pricing, stay.checkIn, stay.checkOut, who, stay.locale);
    },
  };
}
export type Quoter = ReturnType<typeof createQuoter>;
