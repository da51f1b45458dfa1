import type { Db } from '../db/database.js';
import type { FeedEventsTable } from '../db/schema.js';
import type { DateRange } from '../../shared/date-ranges.js';

// Every query on the feed_events table: each imported feed's last good set of nights. Nothing
// else of an event is kept (no summary, name or link).

export type StoredEvent = DateRange & { kind: FeedEventsTable['kind'] };

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
    // 200 rows × 5 columns per statement stays below both databases' bound-parameter limits.
    for (let i = 0; i < events.length; i += 200) {
      const rows = events
        .slice(i, i + 200)
        .map((e) => ({ id: newId(), feedId, startDate: e.start, endDate: e.end, kind: e.kind }));
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
    .execute();
}

/** The events that have not ended before `today`, with their feed, for the exports. */
export async function feedEventsForExport(db: Db, today: string) {
  return db
    .selectFrom('feedEvents')
    .select(['feedId', 'startDate as start', 'endDate as end'])
    .where('endDate', '>', today)
    .orderBy('startDate')
    .execute();
}
