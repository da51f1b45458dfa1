import type { Db } from '../db/database.js';
import type { InquiryRow } from '../db/schema.js';

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

const iso = (ms: number) => new Date(ms).toISOString();

export async function dueInquiryIds(db: Db, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('inquiries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', iso(now))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the row for one delivery. The conditional UPDATE is atomic on SQLite and PostgreSQL alike,
 * so of two deliveries racing for a row exactly one gets it.
 */
export async function claim(db: Db, id: string, now: number): Promise<InquiryRow | undefined> {
  const result = await db
    .updateTable('inquiries')
    .set({ lease_until: iso(now + LEASE_MS) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markSent(db: Db, row: InquiryRow, now: number): Promise<void> {
  await db
    .updateTable('inquiries')
    .set({ status: 'sent', sent_at: iso(now), attempts: row.attempts + 1, lease_until: null, last_error: null })
    .where('id', '=', row.id)
    .execute();
}

export async function markFailedAttempt(db: Db, row: InquiryRow, error: string, permanent: boolean, now: number): Promise<'pending' | 'failed'> {
  const attempts = row.attempts + 1;
  const giveUp = permanent || now - Date.parse(row.created_at) >= GIVE_UP_AFTER_MS;
  await db
    .updateTable('inquiries')
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts,
      last_error: giveUp && !permanent ? `Gave up after ${attempts} attempts: ${error}` : error,
      next_attempt_at: iso(now + retryDelayMs(attempts)),
      lease_until: null,
    })
    .where('id', '=', row.id)
    .execute();
  return giveUp ? 'failed' : 'pending';
}

/**
 * With SQLite one server process owns the database file, so any lease found at start belongs to a
 * process that died mid-send: release it now instead of waiting for it to run out.
 */
export async function releaseAllLeases(db: Db): Promise<number> {
  const result = await db.updateTable('inquiries').set({ lease_until: null }).where('lease_until', 'is not', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The owner has the mail; the site keeps the visitor's data no longer than it must. */
export async function purgeDelivered(db: Db, retentionDays: number, now: number): Promise<number> {
  const result = await db
    .deleteFrom('inquiries')
    .where('status', '=', 'sent')
    .where('sent_at', '<', iso(now - retentionDays * 24 * 60 * 60_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
