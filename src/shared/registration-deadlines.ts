import Holidays from 'date-holidays';
import { addDays } from './date-ranges.js';

// When a SIBA bulletin is due: within 3 working days of the arrival, and of the departure
// (Lei 23/2007, art. 16.º). Working days leave out Saturdays, Sundays and Portugal's national
// holidays (Código do Trabalho, art. 234.º), which date-holidays gives as its `public` days for
// PT: Easter, Good Friday, Corpus Christi, 10 June and 25 December among them, and not Carnival,
// an optional day (docs/decisions/0027-guest-registrations-and-siba.md). All arithmetic is on
// `YYYY-MM-DD` strings, so no time zone of the server can move a day.

export const WORKING_DAYS_TO_REPORT = 3;

const holidays = new Holidays('PT', { types: ['public'] });
const byYear = new Map<number, ReadonlySet<string>>();

/** The national holidays of one year as `YYYY-MM-DD` (date-holidays writes each in the country's own time). */
export function nationalHolidays(year: number): ReadonlySet<string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Set(holidays.getHolidays(year).map((h) => h.date.slice(0, 10)));
    byYear.set(year, days);
  }
  return days;
}

export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !nationalHolidays(Number(day.slice(0, 4))).has(day);
}

/** The `n`-th working day after `day` (`day` itself never counts). */
export function addWorkingDays(day: string, n: number): string {
  let current = day;
  for (let left = n; left > 0;) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left--;
  }
  return current;
}

/** The working day before `day`. */
export function previousWorkingDay(day: string): string {
  let current = addDays(day, -1);
  while (!isWorkingDay(current)) current = addDays(current, -1);
  return current;
}

/** The last day a movement on `day` (an arrival or a departure) may be reported. */
export function reportDueBy(day: string): string {
  return addWorkingDays(day, WORKING_DAYS_TO_REPORT);
}
