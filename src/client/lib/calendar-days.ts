import { houseToday, localDay } from '../../shared/dates';

// The calendar component works with Dates; stays are `YYYY-MM-DD` strings. The two meet only here,
// by the local calendar day the picker drew, so no time zone can move a night.

/** The Date the picker draws for a `YYYY-MM-DD` day (local noon, clear of any midnight DST jump). */
export function dateOfDay(day: string): Date {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 12);
}

/** The `YYYY-MM-DD` day of a Date the picker handed back. */
export const dayOfDate = (date: Date) => localDay(date);

/** Today at the house: the server refuses a check-in before it, whatever the visitor's own day. */
export const today = () => houseToday(Date.now());
