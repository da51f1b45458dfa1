import type { Channel } from '../../shared/channels.js';
import type { Db } from '../db/database.js';
import type { CalendarFeedRow, CalendarFeedsTable } from '../db/schema.js';

// Every query on the calendar_feeds table: the platforms' feeds the site imports, what their last
// sync said, and each one's export token (docs/decisions/0012-availability-and-calendar-sync.md).

export type FeedRow = CalendarFeedRow;
/** What a sync writes back. */
export type FeedSyncUpdate = Partial<
  Pick<CalendarFeedsTable, 'etag' | 'lastModified' | 'lastSyncAt' | 'lastSuccessAt' | 'lastError' | 'failingSince'> & {
    alertState: 'none' | 'failing';
    emptySeen: number;
    eventCount: number;
    skippedCount: number;
    platform: Channel;
  }
>;

export async function listFeeds(db: Db): Promise<FeedRow[]> {
  return db.selectFrom('calendarFeeds').selectAll().orderBy('createdAt').orderBy('id').execute();
}

export async function findFeed(db: Db, id: string): Promise<FeedRow | undefined> {
  return db.selectFrom('calendarFeeds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findFeedByToken(db: Db, token: string): Promise<FeedRow | undefined> {
  return db.selectFrom('calendarFeeds').selectAll().where('exportToken', '=', token).executeTakeFirst();
}

export async function insertFeed(
  db: Db,
  feed: Pick<FeedRow, 'id' | 'name' | 'url' | 'exportToken' | 'createdAt'>,
): Promise<FeedRow> {
  await db.insertInto('calendarFeeds').values(feed).execute();
  return (await findFeed(db, feed.id)) as FeedRow;
}

/** False when there was no such feed. */
export async function deleteFeed(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('calendarFeeds').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function updateFeed(db: Db, id: string, update: FeedSyncUpdate): Promise<void> {
  await db.updateTable('calendarFeeds').set(update).where('id', '=', id).execute();
}

/** False when there was no such feed. */
export async function setExportToken(db: Db, id: string, token: string): Promise<boolean> {
  const result = await db
    .updateTable('calendarFeeds')
    .set({ exportToken: token })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
