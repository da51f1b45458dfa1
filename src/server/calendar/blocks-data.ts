import type { Db } from '../db/database.js';
import type { Cursor } from '../lib/cursor.js';
import { containsAnyCase } from '../lib/text-search.js';
import type { CalendarBlocksTable } from '../db/schema.js';
import type { DateRange } from '../../shared/date-ranges.js';

// Every query on the calendar_blocks table: the owner's blocks and the bookings confirmed from
// inquiries (docs/decisions/0012-availability-and-calendar-sync.md).

const AS_API = ['id', 'startDate as start', 'endDate as end', 'note', 'kind'] as const;

export type NewBlock = Pick<CalendarBlocksTable, 'id' | 'note' | 'kind' | 'inquiryId' | 'createdAt'> & {
  bookingId?: string | null;
} & DateRange;

/** The blocks that have not ended before `today`, in date order, after `after`: one more than `limit`. */
export async function listBlocks(db: Db, today: string, limit: number, after: Cursor | undefined) {
  let query = db
    .selectFrom('calendarBlocks')
    .select(AS_API)
    .where('endDate', '>', today)
    .orderBy('startDate')
    .orderBy('id')
    .limit(limit + 1);
  if (after) query = query.where((eb) => eb(eb.refTuple('startDate', 'id'), '>', eb.tuple(after.createdAt, after.id)));
  return query.execute();
}

export async function insertBlock(db: Db, block: NewBlock) {
  const { start, end, ...rest } = block;
  await db
    .insertInto('calendarBlocks')
    .values({ ...rest, startDate: start, endDate: end })
    .execute();
  return { id: block.id, start, end, note: block.note, kind: block.kind };
}

/** False when there was no such block. */
export async function deleteBlock(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('calendarBlocks').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The blocks with a night in the window from `from` to the exclusive `to`. */
export async function blockRangesIn(db: Db, from: string, to: string): Promise<DateRange[]> {
  return db
    .selectFrom('calendarBlocks')
    .select(['startDate as start', 'endDate as end'])
    .where('endDate', '>', from)
    .where('startDate', '<', to)
    .execute();
}

/** Every block that has not ended before `today`, with the ids its exports' UIDs are made from. */
export async function blocksForExport(db: Db, today: string) {
  return db
    .selectFrom('calendarBlocks')
    .select(['id', 'startDate as start', 'endDate as end'])
    .where('endDate', '>', today)
    .orderBy('startDate')
    .execute();
}

/** Which of these inquiries are already bookings. */
export async function bookedInquiryIds(db: Db, inquiryIds: readonly string[]): Promise<Set<string>> {
  if (inquiryIds.length === 0) return new Set();
  const rows = await db.selectFrom('calendarBlocks').select('inquiryId').where('inquiryId', 'in', inquiryIds).execute();
  return new Set(rows.map((r) => r.inquiryId as string));
}

/** The blocks whose note contains `text`, any case: a note may name a guest. */
export async function findBlocksByNote(db: Db, text: string) {
  return db
    .selectFrom('calendarBlocks')
    .select(AS_API)
    .where(containsAnyCase('note', text))
    .orderBy('startDate')
    .orderBy('id')
    .execute();
}

/** A guest's erasure: the nights stay blocked, the note that named them goes. */
export async function clearBlockNotes(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('calendarBlocks')
    .set({ note: null })
    .where('id', 'in', ids)
    .where('note', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A booking outlives its erased inquiry (the nights stay taken), without the link to it. */
export async function forgetInquiries(db: Db, inquiryIds: readonly string[]): Promise<void> {
  if (inquiryIds.length === 0) return;
  await db.updateTable('calendarBlocks').set({ inquiryId: null }).where('inquiryId', 'in', inquiryIds).execute();
}

/** Frees a booking's nights (an expired hold, a cancellation); false when it held none. */
export async function releaseBookingNights(db: Db, bookingId: string): Promise<boolean> {
  const result = await db.deleteFrom('calendarBlocks').where('bookingId', '=', bookingId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
