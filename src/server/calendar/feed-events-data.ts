import type { Db } from '../db/database.js';
import type { FeedEventsTable } from '../db/schema.js';
import type { DateRange } from '../../shared/date-ranges.js';
import { HOLDING_STATUSES } from '../../shared/booking-status.js';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

// Every query on the feed_events table: each imported feed's last good set of nights, with each
// event's UID, summary and Airbnb's reservation code and phone digits (decision 0037).

export type StoredEvent = DateRange & {
  kind: FeedEventsTable['kind'];
  uid?: string | null;
  summary?: string | null;
  reference?: string | null;
  phoneDigits?: string | null;
};

/**
 * An event that a stay holding its nights completes is that stay: its nights are the stay's own
 * block, so the event neither blocks them a second time nor is exported (decision 0037).
 */
function unclaimed(eb: ExpressionBuilder<Database, 'feedEvents'>) {
  return eb.or([
    eb('feedEvents.uid', 'is', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('bookings')
          .select('bookings.id')
          .whereRef('bookings.feedEventUid', '=', 'feedEvents.uid')
          .where('bookings.status', 'in', HOLDING_STATUSES),
      ),
    ),
  ]);
}

/**
 * Puts `events` in place of the feed's whole set, in one transaction: platforms re-send rolling
 * windows and change UIDs, so events are never matched one by one.
 */
export async function replaceFeedEvents(
  db: Db,
  feedId: string,
  events: readonly StoredEvent[],
  newId: () => string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('feedEvents').where('feedId', '=', feedId).execute();
    // 200 rows × 9 columns per statement stays below both databases' bound-parameter limits.
    for (let i = 0; i < events.length; i += 200) {
      const rows = events.slice(i, i + 200).map((e) => ({
        id: newId(),
        feedId,
        startDate: e.start,
        endDate: e.end,
        kind: e.kind,
        uid: e.uid ?? null,
        summary: e.summary ?? null,
        reference: e.reference ?? null,
        phoneDigits: e.phoneDigits ?? null,
      }));
      await trx.insertInto('feedEvents').values(rows).execute();
    }
  });
}

export async function deleteFeedEvents(db: Db, feedId: string): Promise<void> {
  await db.deleteFrom('feedEvents').where('feedId', '=', feedId).execute();
}

/** Every feed's nights in the window from `from` to the exclusive `to`. */
export async function feedRangesIn(db: Db, from: string, to: string): Promise<DateRange[]> {
  return db
    .selectFrom('feedEvents')
    .select(['startDate as start', 'endDate as end'])
    .where('endDate', '>', from)
    .where('startDate', '<', to)
    .where(unclaimed)
    .execute();
}

/** The events that have not ended before `today`, with their feed, for the exports. */
export async function feedEventsForExport(db: Db, today: string) {
  return db
    .selectFrom('feedEvents')
    .select(['feedId', 'startDate as start', 'endDate as end'])
    .where('endDate', '>', today)
    .where(unclaimed)
    .orderBy('startDate')
    .execute();
}

/**
 * Every event that has not ended by `from` (today, for the owner's list of reservations), and
 * starts before `before` when given, with its feed.
 */
export async function feedEventsFrom(db: Db, from: string, before?: string) {
  let query = db
    .selectFrom('feedEvents')
    .innerJoin('calendarFeeds', 'calendarFeeds.id', 'feedEvents.feedId')
    .select([
      'feedEvents.id',
      'feedEvents.uid',
      'feedEvents.startDate as start',
      'feedEvents.endDate as end',
      'feedEvents.summary',
      'feedEvents.reference',
      'feedEvents.phoneDigits',
      'feedEvents.kind',
      'calendarFeeds.name as feed',
      'calendarFeeds.platform',
    ])
    .where('feedEvents.endDate', '>', from);
  if (before !== undefined) query = query.where('feedEvents.startDate', '<', before);
  return query.orderBy('feedEvents.startDate').orderBy('feedEvents.id').limit(500).execute();
}

/** The one event with this UID, with its feed's platform; undefined when no feed lists it now. */
export async function findFeedEventByUid(db: Db, uid: string) {
  return db
    .selectFrom('feedEvents')
    .innerJoin('calendarFeeds', 'calendarFeeds.id', 'feedEvents.feedId')
    .select([
      'feedEvents.feedId',
      'feedEvents.startDate as start',
      'feedEvents.endDate as end',
      'calendarFeeds.name as feed',
      'calendarFeeds.platform',
    ])
    .where('feedEvents.uid', '=', uid)
    .executeTakeFirst();
}

/** Which of these UIDs some feed lists now. */
export async function listedUids(db: Db, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db.selectFrom('feedEvents').select('uid').where('uid', 'in', uids).execute();
  return new Set(rows.map((r) => r.uid as string));
}

/** The events not completed by a stay with a night from `from` to the exclusive `to`, with their feed's name. */
export async function feedEventsIn(db: Db, from: string, to: string) {
  return db
    .selectFrom('feedEvents')
    .innerJoin('calendarFeeds', 'calendarFeeds.id', 'feedEvents.feedId')
    .select([
      'feedEvents.startDate as start',
      'feedEvents.endDate as end',
      'feedEvents.reference',
      'calendarFeeds.name as feed',
    ])
    .where('feedEvents.endDate', '>', from)
    .where('feedEvents.startDate', '<', to)
    .where(unclaimed)
    .orderBy('feedEvents.startDate')
    .execute();
}
