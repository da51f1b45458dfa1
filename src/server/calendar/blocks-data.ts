import type { Db } from '../db/database.js';
import type { Cursor } from '../lib/cursor.js';
import { containsAnyCase } from '../lib/text-search.js';
import type { CalendarBlocksTable } from '../db/schema.js';
import type { DateRange } from '../../shared/date-ranges.js';

// Every query on the calendar_blocks table: the owner's blocks and the bookings confirmed from
// inquiries (docs/decisions/0012-availability-and-calendar-sync.md).

const AS_API = ['id', 'startDate as start', 'endDate as end', 'note', 'kind', 'bookingId'] as const;

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
  return { id: block.id, start, end, note: block.note, kind: block.kind, booking: null };
}

/**
 * Deletes one of the owner's own blocks (or a confirmed inquiry's). A direct booking's nights are
 * never deleted here, in the same statement that deletes: only the booking's own end frees them.
 */
export async function deleteOwnerBlock(db: Db, id: string): Promise<'deleted' | 'booking' | 'missing'> {
  const result = await db
    .deleteFrom('calendarBlocks')
    .where('id', '=', id)
    .where('bookingId', 'is', null)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) return 'deleted';
  const left = await db.selectFrom('calendarBlocks').select('id').where('id', '=', id).executeTakeFirst();
  return left ? 'booking' : 'missing';
}

/**
 * Every pair of blocks that share a night, have not ended before `today`, and of which one is a
 * booking's (two of the owner's own blocks may overlap): there should be none.
 */
export async function overlappingBlocks(db: Db, today: string) {
  return db
    .selectFrom('calendarBlocks as a')
    .innerJoin('calendarBlocks as b', (join) =>
      join.onRef('a.id', '<', 'b.id').onRef('a.startDate', '<', 'b.endDate').onRef('b.startDate', '<', 'a.endDate'),
    )
    .where((eb) => eb.or([eb('a.kind', '=', 'booking'), eb('b.kind', '=', 'booking')]))
    .select([
      'a.id as firstId',
      'a.bookingId as firstBookingId',
      'a.startDate as firstStart',
      'a.endDate as firstEnd',
      'b.id as secondId',
      'b.bookingId as secondBookingId',
      'b.startDate as secondStart',
      'b.endDate as secondEnd',
    ])
    .where('a.endDate', '>', today)
    .where('b.endDate', '>', today)
    .orderBy('a.startDate')
    .execute();
}

/** The bookings' blocks (direct or confirmed inquiries) with a night from `from` to the exclusive `to`. */
export async function bookingBlocksIn(db: Db, from: string, to: string) {
  return db
    .selectFrom('calendarBlocks')
    .select(['id', 'bookingId', 'startDate as start', 'endDate as end'])
    .where('kind', '=', 'booking')
    .where('endDate', '>', from)
    .where('startDate', '<', to)
    .orderBy('startDate')
    .execute();
}

/** The nights held for direct bookings, of the blocks that have not ended before `today`. */
export async function bookingHolds(db: Db, today: string) {
  return db
    .selectFrom('calendarBlocks')
    .select(['id', 'bookingId', 'startDate as start', 'endDate as end'])
    .where('bookingId', 'is not', null)
    .where('endDate', '>', today)
    .execute();
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

/** The owner's own blocks (no booking's) with a night in the window from `from` to the exclusive `to`. */
export async function ownerBlockRangesIn(db: Db, from: string, to: string): Promise<DateRange[]> {
  return db
    .selectFrom('calendarBlocks')
    .select(['startDate as start', 'endDate as end'])
    .where('kind', '=', 'block')
    .where('bookingId', 'is', null)
    .where('endDate', '>', from)
    .where('startDate', '<', to)
    .execute();
}

/** Every block that has not ended before `today`, with the ids its exports' UIDs are made from. */
export async function blocksForExport(db: Db, today: string) {
  return db
    .selectFrom('calendarBlocks')
    .leftJoin('bookings', 'bookings.id', 'calendarBlocks.bookingId')
    .select([
      'calendarBlocks.id',
      'calendarBlocks.startDate as start',
      'calendarBlocks.endDate as end',
      // A booking's channel: a platform stay is not exported to its own platform (decision 0037).
      'bookings.channel',
    ])
    .where('calendarBlocks.endDate', '>', today)
    .orderBy('calendarBlocks.startDate')
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
