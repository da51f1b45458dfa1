/** Dates travel as `YYYY-MM-DD`: a calendar day with no time zone to misread. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The local calendar day of a Date, as the visitor's date picker sees it. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The earliest "today" anywhere on Earth (UTC-12). The server accepts a check-in from this day on,
 * so a visitor whose own today is already tomorrow in Lisbon is never refused.
 */
export function earliestToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60_000).toISOString().slice(0, 10);
}

/**
 * A formatter made on first use: making one loads the locale's and the time zone's data, some
 * milliseconds that a page importing this module for another function should not pay on load
 * (docs/decisions/0028-hydrate-after-first-contentful-paint.md).
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, options));
}

const SHORT = dateFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `2026-12-01` → `Dec 1, 2026`: the owner's screens and mails, unambiguous whatever the reader's locale. */
export function formatDay(value: string): string {
  return SHORT().format(new Date(`${value}T00:00:00Z`));
}

/** The house's time zone: it decides what "today" is for holds, balances and reminders. */
export const HOUSE_TIME_ZONE = 'Europe/Lisbon';

const HOUSE_DAY = dateFormat('en-CA', { timeZone: HOUSE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day at the house at `now` (epoch ms), whatever the server's own time zone. */
export function houseToday(now: number): string {
  return HOUSE_DAY().format(now);
}

const LONG = new Map<string, Intl.DateTimeFormat>();

/** `2027-04-05` in a guest's language: `5 April 2027`, `5 de abril de 2027`. */
export function formatDayIn(value: string, locale: string): string {
  let format = LONG.get(locale);
  // Day before month in English too, as on the page and in Europe.
  if (!format)
    LONG.set(
      locale,
      (format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })),
    );
  return format.format(new Date(`${value}T00:00:00Z`));
}

const MOMENTS = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment (an ISO timestamp) at the house, in a guest's language, as their booking page shows
 * it: `9 December 2026, 11:57`, `9 de dezembro de 2026, 11:57`. Never a raw UTC timestamp.
 */
export function formatMomentIn(iso: string, locale: string): string {
  let clock = MOMENTS.get(locale);
  if (!clock)
    MOMENTS.set(
      locale,
      (clock = new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: HOUSE_TIME_ZONE,
      })),
    );
  return `${formatDayIn(houseToday(Date.parse(iso)), locale)}, ${clock.format(new Date(iso))}`;
}
