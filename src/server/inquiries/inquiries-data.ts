import type { Db } from '../db/database.js';
import type { InquiryRow, NewInquiryRow } from '../db/schema.js';
import type { Cursor } from '../lib/cursor.js';
import { containsAnyCase, equalsAnyCase } from '../lib/text-search.js';
import { storedQuote } from '../quotes/stored-quote.js';
import { claimRow, dueIds, GIVE_UP_AFTER_MS, releaseLeases, retryDelayMs } from '../jobs/outbox-lease.js';

// Every query on the inquiries table, which is also the mail outbox (docs/decisions/0002-outbox.md):
// a row is stored in the request, then mailed by the delivery worker.

export { GIVE_UP_AFTER_MS, LEASE_MS, retryDelayMs } from '../jobs/outbox-lease.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Stores a new inquiry, due for delivery at once. */
export async function insertInquiry(
  db: Db,
  row: Omit<NewInquiryRow, 'status' | 'attempts' | 'nextAttemptAt'>,
): Promise<void> {
  await db
    .insertInto('inquiries')
    .values({ ...row, status: 'pending', attempts: 0, nextAttemptAt: row.createdAt })
    .execute();
}

/** The owner's list, newest first, after `after`: one more than `limit`, to tell whether a next page exists. */
export async function listInquiries(db: Db, limit: number, after: Cursor | undefined) {
  let query = db
    .selectFrom('inquiries')
    .select([
      'id',
      'name',
      'email',
      'guests',
      'message',
      'checkIn',
      'checkOut',
      'locale',
      'createdAt',
      'status',
      'attempts',
      'lastError',
      'nextAttemptAt',
      'sentAt',
      'quote',
      'handledAt',
      'handledBy',
    ])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (after) query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  const rows = await query.execute();
  // Only a pending row has a next attempt worth showing.
  return rows.map((r) => ({
    ...r,
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt : null,
    quote: storedQuote(r.quote),
  }));
}

/** One inquiry's stay, for confirming it as a booking. */
export async function findInquiryStay(db: Db, id: string) {
  return db.selectFrom('inquiries').select(['checkIn', 'checkOut']).where('id', '=', id).executeTakeFirst();
}

/**
 * The owner's 'Retry now': due at once, whatever the schedule or a give-up said. 'missing' when
 * there is no such inquiry, 'sent' when it was already mailed (and stays as it is).
 */
export async function retryNow(db: Db, id: string, now: number): Promise<'retrying' | 'missing' | 'sent'> {
  const row = await db.selectFrom('inquiries').select('status').where('id', '=', id).executeTakeFirst();
  if (!row) return 'missing';
  if (row.status === 'sent') return 'sent';
  await db
    .updateTable('inquiries')
    .set({ status: 'pending', nextAttemptAt: iso(now) })
    .where('id', '=', id)
    .where('status', '!=', 'sent')
    .execute();
  return 'retrying';
}

export const dueInquiryIds = (db: Db, now: number, limit: number) => dueIds(db, 'inquiries', now, limit);

/** Takes the row for one delivery (jobs/outbox-lease.ts); undefined when another delivery has it. */
export const claim = (db: Db, id: string, now: number) => claimRow(db, 'inquiries', id, now);

export async function markSent(db: Db, row: InquiryRow, now: number): Promise<void> {
  await db
    .updateTable('inquiries')
    .set({ status: 'sent', sentAt: iso(now), attempts: row.attempts + 1, leaseUntil: null, lastError: null })
    .where('id', '=', row.id)
    .execute();
}

export async function markFailedAttempt(
  db: Db,
  row: InquiryRow,
  error: string,
  permanent: boolean,
  now: number,
): Promise<'pending' | 'failed'> {
  const attempts = row.attempts + 1;
  const giveUp = permanent || now - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS;
  await db
    .updateTable('inquiries')
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts,
      lastError: giveUp && !permanent ? `Gave up after ${attempts} attempts: ${error}` : error,
      nextAttemptAt: iso(now + retryDelayMs(attempts)),
      leaseUntil: null,
    })
    .where('id', '=', row.id)
    .execute();
  return giveUp ? 'failed' : 'pending';
}

/** SQLite at start: leases left belong to a process that died mid-send (jobs/outbox-lease.ts). */
export const releaseAllLeases = (db: Db) => releaseLeases(db, 'inquiries');

/**
 * The site keeps a visitor's inquiry no longer than INQUIRY_RETENTION_DAYS, whatever became of its
 * mail: a mailed one counts from its delivery (the owner has the mail), one never mailed (failed,
 * or waiting for an SMTP_URL) from its arrival; a row under a delivery's lease waits for the next
 * sweep. A booking's calendar block keeps its nights (the block names the inquiry only
 * by id). Run by the periodic sweep.
 */
export async function deleteInquiriesPastRetention(db: Db, retentionDays: number, now: number): Promise<number> {
  const cutoff = iso(now - retentionDays * 24 * 60 * 60_000);
  const result = await db
    .deleteFrom('inquiries')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sentAt', '<', cutoff)]),
        eb.and([eb('status', '!=', 'sent'), eb('createdAt', '<', cutoff)]),
      ]),
    )
    // A row a delivery holds right now waits for the next sweep, so no mail leaves for a deleted row.
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', iso(now))]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A guest's inquiries, by their whole e-mail address or a part of their name, any case. */
export async function findGuestInquiries(db: Db, guest: { email?: string; name?: string }) {
  const rows = await db
    .selectFrom('inquiries')
    .select([
      'id',
      'name',
      'email',
      'guests',
      'message',
      'checkIn',
      'checkOut',
      'locale',
      'createdAt',
      'status',
      'quote',
    ])
    .where(guest.email !== undefined ? equalsAnyCase('email', guest.email) : containsAnyCase('name', guest.name ?? ''))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, quote: storedQuote(r.quote) }));
}

/**
 * Erases these inquiries, pending ones included: a row that is gone is never mailed, since the
 * delivery worker only sends a row it has claimed by id.
 */
export async function deleteInquiries(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('inquiries').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The inquiry as the owner's offer and decline read it: who, when, how many, in which language. */
export async function findInquiry(db: Db, id: string) {
  return db
    .selectFrom('inquiries')
    .select(['id', 'name', 'email', 'guests', 'adults', 'childrenAges', 'message', 'checkIn', 'checkOut', 'locale'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Records that the owner handled the inquiry, once: 'handled' when this call did, 'already' when
 * it was before (its first who and when stay), 'missing' when there is no such inquiry.
 */
export async function markHandled(
  db: Db,
  id: string,
  by: string,
  at: string,
): Promise<'handled' | 'already' | 'missing'> {
  const result = await db
    .updateTable('inquiries')
    .set({ handledAt: at, handledBy: by })
    .where('id', '=', id)
    .where('handledAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'handled';
  const row = await db.selectFrom('inquiries').select('id').where('id', '=', id).executeTakeFirst();
  return row ? 'already' : 'missing';
}

/** The inquiries the owner has not marked handled, oldest first: candidates for "Needs action". */
export async function unhandledInquiries(db: Db) {
  return db
    .selectFrom('inquiries')
    .select(['id', 'name', 'email', 'guests', 'checkIn', 'checkOut', 'createdAt'])
    .where('handledAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The inquiries whose mail to the owner failed for good, oldest first. */
export async function failedInquiryMails(db: Db) {
  return db
    .selectFrom('inquiries')
    .select(['id', 'name', 'createdAt', 'lastError'])
    .where('status', '=', 'failed')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}
