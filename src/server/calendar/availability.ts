import { addDays, clipRanges, type DateRange } from '../../shared/date-ranges.js';
import type { Db } from '../db/database.js';
import { blockRangesIn } from './blocks-data.js';
import { feedRangesIn } from './feed-events-data.js';

/**
 * The taken nights from `from` to the exclusive `to`, merged, sorted and clipped: the owner's
 * blocks, the confirmed bookings and every feed's last good set, with nothing of who or why.
 */
export async function unavailableIn(db: Db, from: string, to: string): Promise<DateRange[]> {
  const [blocks, events] = await Promise.all([blockRangesIn(db, from, to), feedRangesIn(db, from, to)]);
  return clipRanges([...blocks, ...events], from, to);
}

/** The nights of a stay; with a check-in alone, its first night. */
export function stayRange(checkIn: string, checkOut?: string | null): DateRange {
  return { start: checkIn, end: checkOut && checkOut > checkIn ? checkOut : addDays(checkIn, 1) };
}

/** Whether none of the stay's nights is taken (a stay may start on the day another ends). */
export async function isStayFree(db: Db, stay: DateRange): Promise<boolean> {
  return (await unavailableIn(db, stay.start, stay.end)).length === 0;
}
