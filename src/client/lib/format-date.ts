import { dateFormat, formatDay, formatDayIn, HOUSE_TIME_ZONE, houseToday } from '../../shared/dates';
import { dateLocale, pageLocale } from '../i18n/locale';

const longDates = new Map<string, Intl.DateTimeFormat>();

/** "21 de novembro de 2026": the public review cards, in the page's date locale. */
export function formatReviewDate(iso: string): string {
  const locale = dateLocale();
  let format = longDates.get(locale);
  if (!format) longDates.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long' })));
  return format.format(new Date(iso));
}

const shortMonths = new Map<string, Intl.DateTimeFormat>();

/**
 * A day on the admin screens, short, in the page's language: `Dec 1, 2026` in English (the spec's
 * form, unambiguous whatever the reader's locale), the day first elsewhere, `1 dez. 2026`.
 */
export function formatShortDay(day: string): string {
  if (pageLocale === 'en') return formatDay(day);
  let month = shortMonths.get(pageLocale);
  if (!month)
    shortMonths.set(pageLocale, (month = new Intl.DateTimeFormat(pageLocale, { month: 'short', timeZone: 'UTC' })));
  const [year, , dayOfMonth] = day.split('-');
  return `${Number(dayOfMonth)} ${month.format(new Date(`${day}T00:00:00Z`))} ${year}`;
}

/**
 * "Nov 21, 2026": the day something happened, on the admin screens, at the house (Europe/Lisbon):
 * the owner's day whatever the reading browser's time zone, as the timed jobs count days.
 */
export const formatAdminDay = (iso: string) => formatShortDay(houseToday(Date.parse(iso)));

const clock = dateFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: HOUSE_TIME_ZONE });

/** "Nov 21, 2026, 19:30": when something happened, on the admin screens, at the house. */
export const formatAdminDateTime = (iso: string) => `${formatAdminDay(iso)}, ${clock().format(new Date(iso))}`;

/** A stay's day in the page's language: `5 April 2027`, `5 de abril de 2027`. */
export const formatLongDay = (day: string) => formatDayIn(day, pageLocale);

/** A moment at the house, in the page's language: `1 December 2026, 07:37`, `1 de dezembro de 2026, 07:37`. */
export const formatLongDayTime = (iso: string) =>
  `${formatLongDay(houseToday(Date.parse(iso)))}, ${clock().format(new Date(iso))}`;

/** A stay's month, `2027-04`, in the page's language: `April 2027`, `abril de 2027`. */
export function formatStayMonth(month: string): string {
  return new Intl.DateTimeFormat(pageLocale === 'en' ? 'en-GB' : pageLocale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}
