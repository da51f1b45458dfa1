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

/**
 * The site's one short form of a day per language: `Jan 13, 2027` in English (the date fields'
 * `MMM d, yyyy`, the owner's screens and mails), `13 jan. 2027` in Portuguese and any other
 * language, the day first. Always read at UTC midnight, so no reader's time zone moves the day.
 */
export function formatShortDay(value: string, locale: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (locale === 'en') return SHORT_EN().format(date);
  let months = SHORT_MONTHS.get(locale);
  if (!months)
    SHORT_MONTHS.set(locale, (months = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })));
  return `${date.getUTCDate()} ${months.format(date)} ${date.getUTCFullYear()}`;
}
const SHORT_EN = dateFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const SHORT_MONTHS = new Map<string, Intl.DateTimeFormat>();

/** `2026-12-01` → `Dec 1, 2026`: the owner's screens and mails, in English. */
export function formatDay(value: string): string {
  return formatShortDay(value, 'en');
}

/** The house's time zone: it decides what "today" is for holds, balances and reminders. */
export const HOUSE_TIME_ZONE = 'Europe/Lisbon';

const HOUSE_DAY = dateFormat('en-CA', { timeZone: HOUSE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day at the house at `now` (epoch ms), whatever the server's own time zone. */
export function houseToday(now: number): string {
  return HOUSE_DAY().format(now);
}

/**
 * The locale whose numeric and long forms a page's days take: the English page writes the day
 * first, as Europe does (`5 April 2027`, `17/05/1980`); every other page its own.
 */
export const dayLocaleOf = (locale: string) => (locale === 'en' ? 'en-GB' : locale);

const LONG = new Map<string, Intl.DateTimeFormat>();

/**
 * The site's one long form of a day per language: `5 April 2027`, `5 de abril de 2027` (stays,
 * mails, review cards), read at UTC midnight so no reader's time zone moves the day.
 */
export function formatDayIn(value: string, locale: string): string {
  let format = LONG.get(locale);
  if (!format)
    LONG.set(
      locale,
      (format = new Intl.DateTimeFormat(dayLocaleOf(locale), {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })),
    );
  return format.format(new Date(`${value}T00:00:00Z`));
}

/** The day at the house something happened (`createdAt`), in the long form: a review's date. */
export const formatHouseDayIn = (iso: string, locale: string) => formatDayIn(houseToday(Date.parse(iso)), locale);

type DayPart = 'day' | 'month' | 'year';

/** The order a page writes a day in figures: day, month, year for `en` (as `en-GB`) and `pt-PT`. */
export function numericDayOrder(locale: string): DayPart[] {
  return new Intl.DateTimeFormat(dayLocaleOf(locale), { day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(Date.UTC(2001, 1, 3)))
    .map((p) => p.type)
    .filter((t): t is DayPart => t === 'day' || t === 'month' || t === 'year');
}

/** `1980-05-17` as the page writes it in figures: `17/05/1980`. */
export function formatTypedDay(value: string, locale: string): string {
  const [year, month, day] = value.split('-') as [string, string, string];
  const parts = { day, month, year };
  return numericDayOrder(locale)
    .map((p) => parts[p])
    .join('/');
}

/**
 * A day typed as the page writes it (`17/05/1980`, `17.5.1980`, `17-05-1980`), or as `1980-05-17`,
 * to `YYYY-MM-DD`; null when it is no day of the calendar (`31/02/1980`) or not a date at all.
 */
export function parseTypedDay(text: string, locale: string): string | null {
  const value = text.trim();
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(value)) {
    const [y, mo, d] = value.split('-');
    return calendarDay(y, mo, d);
  }
  const figures = value.split(/\s*[/.-]\s*/);
  if (figures.length !== 3 || !figures.every((f) => /^\d+$/.test(f))) return null;
  const order = numericDayOrder(locale);
  const at = (part: DayPart) => figures[order.indexOf(part)];
  const year = at('year');
  return year?.length === 4 ? calendarDay(year, at('month'), at('day')) : null;
}

function calendarDay(year = '', month = '', day = ''): string | null {
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
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
