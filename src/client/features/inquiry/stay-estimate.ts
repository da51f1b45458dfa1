import { GUESTS_MIN } from '../../../shared/constants';
import { type DateRange, daysBetween, overlapsAny } from '../../../shared/date-ranges';
import type { Pricing } from '../../../shared/pricing';
import { quoteStay, withUnavailable } from '../../../shared/quote';
import { QUOTE_NIGHTS_MAX } from '../../../shared/quote-constants';
import type { Quote } from '../../../shared/quote-schema';

export interface StayChoice {
  checkIn: string | null;
  checkOut: string | null;
  /** The guests field as typed. */
  guests: string;
}

/** The typed guests as a number within the house's limits, or null. */
function guestCount(typed: string, capacity: number): number | null {
  if (!/^\d{1,3}$/.test(typed.trim())) return null;
  const guests = Number(typed.trim());
  return guests >= GUESTS_MIN && guests <= capacity ? guests : null;
}

/**
 * The quote for the stay the form describes, in `locale`, computed in the page so it follows every
 * change at once; null until both days and the guests are known, or when the house has no prices.
 * A stay over a taken night is quoted as such: the server would say the same.
 */
export function estimateStay(
  pricing: Pricing | undefined,
  capacity: number,
  { checkIn, checkOut, guests }: StayChoice,
  unavailable: readonly DateRange[],
  locale: string,
): Quote | null {
  if (!pricing || !checkIn || !checkOut) return null;
  const count = guestCount(guests, capacity);
  const nights = daysBetween(checkIn, checkOut);
  if (count === null || !(nights >= 1 && nights <= QUOTE_NIGHTS_MAX)) return null;
  const quote = quoteStay(pricing, checkIn, checkOut, count, locale);
  return overlapsAny({ start: checkIn, end: checkOut }, unavailable) ? withUnavailable(quote, locale) : quote;
}
