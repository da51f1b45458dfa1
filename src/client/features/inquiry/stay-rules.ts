import { addDays } from '../../../shared/date-ranges';
import type { Pricing } from '../../../shared/pricing';
import { quoteStay, weekdayOf } from '../../../shared/quote';
import { WEEKDAYS, type Weekday } from '../../../shared/weekdays';
import { pageLocale } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { formatLongDay } from '../../lib/format-date';

/** What the booking panel says of the stay chosen so far: a rule to know, or one that refuses it. */
export interface StayRule {
  text: string;
  refused: boolean;
}

/** `sat` → "Saturday", "sábado"; several as "Friday or Saturday". 2024-01-01 was a Monday. */
function dayNames(days: readonly Weekday[]): string {
  const name = new Intl.DateTimeFormat(pageLocale, { weekday: 'long', timeZone: 'UTC' });
  const names = days.map((day) => name.format(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))));
  return new Intl.ListFormat(pageLocale, { type: 'disjunction' }).format(names);
}

/**
 * The house's rule for a stay from `checkIn`, in the catalog's words: the arrival days and the
 * minimum stay of its season (or the house's), and taken nights. Refused when the stay breaks one;
 * with only the arrival day chosen, the minimum stay is said before the guest picks the departure.
 */
export function stayRule(
  pricing: Pricing | undefined,
  checkIn: string,
  checkOut: string | null,
  guests: number,
  taken: boolean,
): StayRule | null {
  if (!pricing) return null;
  const date = formatLongDay(checkIn);
  if (taken) return { text: m.panel_ruleTaken(), refused: true };
  const quote = quoteStay(pricing, checkIn, checkOut ?? addDays(checkIn, 1), guests, pageLocale);
  const { minNights, arrivalDays } = quote.rule;
  // Checked before the length: the quote names only the first rule a stay breaks.
  if (arrivalDays && !arrivalDays.includes(weekdayOf(checkIn)))
    return {
      text: m.panel_ruleArrival({ count: arrivalDays.length, days: dayNames(arrivalDays), date }),
      refused: true,
    };
  const minText = m.panel_ruleMinNights({ nights: minNights, date });
  if (checkOut === null) return minNights > 1 ? { text: minText, refused: false } : null;
  return quote.reason === 'min_nights' ? { text: minText, refused: true } : null;
}
