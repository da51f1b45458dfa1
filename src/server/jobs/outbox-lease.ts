import type { Db } from '../db/database.js';
import type { InquiryRow, MailOutboxRow } from '../db/schema.js';

// The claim and lease both outboxes share, the inquiries and the mails (docs/decisions/0002-outbox.md):
// a row is due, a delivery claims it with one conditional UPDATE, and a server that dies mid-send
// gives it back when the lease runs out.

/** A delivery owns a row this long; a server that dies mid-send gives it back when it runs out. */
export const LEASE_MS = 2 * 60_000;
/** First retry after 10 s, doubling, never more than an hour apart... */
const FIRST_RETRY_MS = 10_000;
const MAX_GAP_MS = 60 * 60_000;
/** ...for two days, then the row is marked failed and waits for the owner's 'Retry now'. */
export const GIVE_UP_AFTER_MS = 48 * 60 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_GAP_MS);
}

interface OutboxRows {
  inquiries: InquiryRow;
  mailOutbox: MailOutboxRow;
}
export type OutboxTable = keyof OutboxRows;

const iso = (ms: number) => new Date(ms).toISOString();

/** The ids of the rows due by `now` and held by no delivery, the longest waiting first. */
export async function dueIds(db: Db, table: OutboxTable, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom(table as 'inquiries')
    .select('id')
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', iso(now))
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', iso(now))]))
    .orderBy('nextAttemptAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the row for one delivery. The conditional UPDATE is atomic on SQLite and PostgreSQL alike,
 * so of two deliveries racing for a row exactly one gets it; undefined for the other.
 */
export async function claimRow<T extends OutboxTable>(
  db: Db,
  table: T,
  id: string,
  now: number,
): Promise<OutboxRows[T] | undefined> {
  const result = await db
    .updateTable(table as 'inquiries')
    .set({ leaseUntil: iso(now + LEASE_MS) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', iso(now))]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await db
    .selectFrom(table as 'inquiries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row as OutboxRows[T] | undefined;
}

/**
 * With SQLite one server process owns the database file, so any lease found at start belongs to a
 * process that died mid-send: release it now instead of waiting for it to run out.
 */
export async function releaseLeases(db: Db, table: OutboxTable): Promise<number> {
  const result = await db
    .updateTable(table as 'inquiries')
    .set({ leaseUntil: null })
    .where('leaseUntil', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
