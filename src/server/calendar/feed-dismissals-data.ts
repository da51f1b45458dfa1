import type { Db } from '../db/database.js';
import type { FeedEventDismissalsTable } from '../db/schema.js';

// Every query on the feed_event_dismissals table: the feed events the owner marked "not a stay",
// each once, with a note, who and when (docs/decisions/0053-a-stay-keeps-its-tourist-tax-rule.md).

/** Records the mark unless the UID already has one: false when it had (a second click, another server). */
export async function dismissFeedEventOnce(db: Db, row: FeedEventDismissalsTable): Promise<boolean> {
  const result = await db
    .insertInto('feedEventDismissals')
    .values(row)
    .onConflict((oc) => oc.column('uid').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Which of these UIDs the owner marked "not a stay". */
export async function dismissedUids(db: Db, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db.selectFrom('feedEventDismissals').select('uid').where('uid', 'in', uids).execute();
  return new Set(rows.map((r) => r.uid));
}

/** The marks, newest first, for the owner's record. */
export async function listDismissals(db: Db, limit = 100): Promise<FeedEventDismissalsTable[]> {
  return db.selectFrom('feedEventDismissals').selectAll().orderBy('dismissedAt', 'desc').limit(limit).execute();
}
