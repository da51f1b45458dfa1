import type { DateRange } from '../../../shared/date-ranges';

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
