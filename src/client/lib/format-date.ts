import {
  dateFormat,
  dayLocaleOf,
  formatDayIn,
  formatHouseDayIn,
  formatShortDay,
  HOUSE_TIME_ZONE,
  houseToday,
} from '../../shared/dates';
import { pageLocale } from '../i18n/locale';

// The page's days in the site's one short and one long form per language (shared/dates.ts).

/** "21 November 2026", "21 de novembro de 2026": a review card's day, at the house, in the page's language. */
export const formatReviewDate = (iso: string) => formatHouseDayIn(iso, pageLocale);

/** A stay's day on the admin screens, in the short form: "Jan 13, 2027", "13 jan. 2027". */
export const formatAdminStayDay = (day: string, locale: string = pageLocale) => formatShortDay(day, locale);

/**
 * "Nov 21, 2026": the day something happened, on the admin screens, at the house (Europe/Lisbon):
 * the owner's day whatever the reading browser's time zone, as the timed jobs count days.
 */
export const formatAdminDay = (iso: string) => formatAdminStayDay(houseToday(Date.parse(iso)));

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
  return new Intl.DateTimeFormat(dayLocaleOf(pageLocale), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}
