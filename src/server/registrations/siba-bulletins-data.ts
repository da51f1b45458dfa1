import type { Selectable } from 'kysely';
import type { Movement } from '../../shared/guest-registrations.js';
import type { Db } from '../db/database.js';
import type { SibaBulletinsTable } from '../db/schema.js';
import { randomUUID } from 'node:crypto';

// Every query on siba_bulletins. Each move is a conditional update from the status the caller
// saw (shared/guest-registrations.ts SIBA_BULLETIN_MOVES), and a row is held by one server at a
// time through lease_until, so two servers never send one bulletin both.

export type SibaBulletinRow = Selectable<SibaBulletinsTable>;

export const bulletinKey = (bookingId: string, movement: Movement) => `${bookingId}:${movement}`;

export async function findBulletin(
  db: Db,
  bookingId: string,
  movement: Movement,
): Promise<SibaBulletinRow | undefined> {
  return db
    .selectFrom('sibaBulletins')
    .selectAll()
    .where('idempotencyKey', '=', bulletinKey(bookingId, movement))
    .executeTakeFirst();
}

export async function bulletinsOf(db: Db, bookingIds: readonly string[]): Promise<SibaBulletinRow[]> {
  if (bookingIds.length === 0) return [];
  return db.selectFrom('sibaBulletins').selectAll().where('bookingId', 'in', bookingIds).execute();
}

/**
 * The movement's row, created `pending` when there is none. The key is unique: when two servers
 * create it at once, one insert wins and both read the same row. The file number is the next
 * free one, unique too, so a race on it is tried again.
 */
export async function ensureBulletin(
  db: Db,
  bookingId: string,
  movement: Movement,
  now: string,
): Promise<SibaBulletinRow> {
  for (let attempt = 0; ; attempt++) {
    const existing = await findBulletin(db, bookingId, movement);
    if (existing) return existing;
    const last = await db
      .selectFrom('sibaBulletins')
      .select((eb) => eb.fn.max('fileNumber').as('n'))
      .executeTakeFirst();
    try {
      await db
        .insertInto('sibaBulletins')
        .values({
          id: randomUUID(),
          idempotencyKey: bulletinKey(bookingId, movement),
          bookingId,
          movement,
          fileNumber: Number(last?.n ?? 0) + 1,
          status: 'pending',
          sentVia: null,
          nextAttemptAt: now,
          leaseUntil: null,
          sha256: null,
          answer: null,
          errorCode: null,
          errorLine: null,
          errorText: null,
          sentAt: null,
          createdAt: now,
        })
        .onConflict((oc) => oc.column('idempotencyKey').doNothing())
        .execute();
    } catch (error) {
      // Another server took the same file number first.
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * Takes the row for one send: `pending` (or `rejected`, when the owner asks again) whose next try
 * is due, and not held by a live lease. False when another server has it, or it was sent.
 */
export async function claimBulletin(
  db: Db,
  id: string,
  now: string,
  leaseUntil: string,
  from: ReadonlyArray<'pending' | 'rejected' | 'test_accepted'> = ['pending'],
  /** The owner's "Send": the next try's time does not matter. */
  anyTime = false,
): Promise<boolean> {
  const result = await db
    .updateTable('sibaBulletins')
    .set({ status: 'sending', leaseUntil })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        anyTime ? eb('status', 'in', from) : eb.and([eb('status', 'in', from), eb('nextAttemptAt', '<=', now)]),
        // A server that died mid-send: its lease ran out.
        eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markBulletinSent(
  db: Db,
  id: string,
  evidence: { sha256: string; answer: string; via: 'web_service' | 'portal'; at: string },
  from: ReadonlyArray<'sending' | 'pending' | 'rejected' | 'test_accepted'> = ['sending'],
): Promise<boolean> {
  const result = await db
    .updateTable('sibaBulletins')
    .set({
      status: 'sent',
      sentVia: evidence.via,
      sha256: evidence.sha256,
      answer: evidence.answer,
      sentAt: evidence.at,
      leaseUntil: null,
      errorCode: null,
      errorLine: null,
      errorText: null,
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** SIBA's test service answered `0`: kept as evidence of the test, never as a report (decision 0027). */
export async function markBulletinTestAccepted(
  db: Db,
  id: string,
  evidence: { sha256: string; answer: string; at: string },
): Promise<void> {
  await db
    .updateTable('sibaBulletins')
    .set({
      status: 'test_accepted',
      sentVia: null,
      sha256: evidence.sha256,
      answer: evidence.answer,
      sentAt: evidence.at,
      leaseUntil: null,
      errorCode: null,
      errorLine: null,
      errorText: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

export async function markBulletinRejected(
  db: Db,
  id: string,
  refusal: { sha256: string; answer: string; code: string; line: number | null; text: string },
): Promise<void> {
  await db
    .updateTable('sibaBulletins')
    .set((eb) => ({
      status: 'rejected',
      attempts: eb('attempts', '+', 1),
      sha256: refusal.sha256,
      answer: refusal.answer,
      errorCode: refusal.code,
      errorLine: refusal.line,
      errorText: refusal.text,
      leaseUntil: null,
    }))
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** No usable answer (a 503, an HTML page, no connection): tried again at `nextAttemptAt`. */
export async function markBulletinRetry(db: Db, id: string, nextAttemptAt: string, problem: string): Promise<void> {
  await db
    .updateTable('sibaBulletins')
    .set((eb) => ({
      status: 'pending',
      attempts: eb('attempts', '+', 1),
      nextAttemptAt,
      errorCode: null,
      errorLine: null,
      errorText: problem,
      leaseUntil: null,
    }))
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** The bookings whose departure was reported before `before`: their registrations' year is over. */
export async function departuresReportedBefore(db: Db, before: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sibaBulletins')
    .select('bookingId')
    .where('movement', '=', 'departure')
    .where('status', '=', 'sent')
    .where('sentAt', '<', before)
    .execute();
  return rows.map((r) => r.bookingId);
}

/** Of these bookings, those whose departure was reported (at any time). */
export async function departuresReportedOf(db: Db, bookingIds: readonly string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sibaBulletins')
    .select('bookingId')
    .where('bookingId', 'in', bookingIds)
    .where('movement', '=', 'departure')
    .where('status', '=', 'sent')
    .execute();
  return new Set(rows.map((r) => r.bookingId));
}

export async function deleteBulletinsOf(db: Db, bookingIds: readonly string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const result = await db.deleteFrom('sibaBulletins').where('bookingId', 'in', bookingIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}
