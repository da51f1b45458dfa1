import { isCalendarDay } from './dates.js';

/**
 * Nights from `start` to the exclusive `end` (the check-out day), both `YYYY-MM-DD`. All the
 * arithmetic here is on UTC days built from the string, so no time zone can shift a night.
 */
export interface DateRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

const toDayNumber = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return fromDayNumber(toDayNumber(day) + days);
}

/** Nights from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** The same day `months` later, or the month's last day when it has no such day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const total = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const date = Math.min(Number(day.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

export function isValidRange(range: DateRange): boolean {
  return isCalendarDay(range.start) && isCalendarDay(range.end) && range.start < range.end;
}

/** Sorted, with overlapping and touching ranges joined: the nights, whoever took them. */
export function mergeRanges(ranges: readonly DateRange[]): DateRange[] {
  const sorted = ranges
    .filter((r) => r.start < r.end)
    .toSorted((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: DateRange[] = [];
  for (const { start, end } of sorted) {
    const last = merged.at(-1);
    if (last && start <= last.end) {
      if (end > last.end) last.end = end;
    } else {
      merged.push({ start, end });
    }
  }
  return merged;
}

/** Merged, then cut to the window from `from` to the exclusive `to`. */
export function clipRanges(ranges: readonly DateRange[], from: string, to: string): DateRange[] {
  return mergeRanges(ranges)
    .filter((r) => r.end > from && r.start < to)
    .map((r) => ({ start: r.start < from ? from : r.start, end: r.end > to ? to : r.end }));
}

/** Whether two stays share a night; one may start on the day the other ends (turnover). */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.start < b.end && b.start < a.end;
}

export function overlapsAny(range: DateRange, ranges: readonly DateRange[]): boolean {
  return ranges.some((r) => rangesOverlap(range, r));
}

/** Whether the night starting on `day` is taken. */
export function isNightTaken(day: string, ranges: readonly DateRange[]): boolean {
  return ranges.some((r) => r.start <= day && day < r.end);
}

/**
 * The first taken night on or after `checkIn`: the last day a stay from `checkIn` may end (the next
 * guest's arrival day, as turnover allows), or null when every later night is free.
 */
export function firstTakenNightFrom(checkIn: string, unavailable: readonly DateRange[]): string | null {
  let first: string | null = null;
  for (const r of unavailable) {
    if (r.end <= checkIn) continue;
    const night = r.start > checkIn ? r.start : checkIn;
    if (first === null || night < first) first = night;
  }
  return first;
}
