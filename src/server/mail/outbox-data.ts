import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { MailOutboxRow } from '../db/schema.js';
import { claimRow, dueIds, GIVE_UP_AFTER_MS, releaseLeases, retryDelayMs } from '../jobs/outbox-lease.js';

// Every query on the mail_outbox table: the guests' and the owner's booking mails, queued in the
// same transaction as the change they tell of, and sent by the delivery worker with the inquiries'
// leases and retries (docs/decisions/0002-outbox.md). A mail's `key` is unique, so one event's mail
// is queued once however often the event is handled.

const iso = (ms: number) => new Date(ms).toISOString();

export interface OutgoingMail {
  /** What the mail is for, such as `booking:<id>:confirmed`. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  /** An iCalendar file to attach. */
  calendar?: string;
  /** When it is due; now when left out. */
  sendAt?: number;
  /** What must still hold when it is sent; checked by the delivery (MailCheck). */
  dependsOn?: MailDependency;
}

/**
 * What a mail depends on: the booking it tells of, the statuses in which it is still true (a
 * transfer's details only while the payment is awaited), and the moment after which it is
 * pointless (arrival instructions after check-out).
 */
export interface MailDependency {
  bookingId: string;
  statuses?: readonly string[];
  /** The last day at the house (`YYYY-MM-DD`) on which it is worth sending. */
  notAfterDay?: string;
}

/** Whether a mail is still true now: undefined when it is, the reason it is dropped otherwise. */
export type MailCheck = (dependency: MailDependency, now: number) => Promise<string | undefined>;

/** Queues the mail unless one with its key was queued before; true when this call queued it. */
export async function queueMail(db: Db, mail: OutgoingMail, now: number, host: string): Promise<boolean> {
  const id = randomUUID();
  const result = await db
    .insertInto('mailOutbox')
    .values({
      id,
      key: mail.key,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      replyTo: mail.replyTo,
      calendar: mail.calendar ?? null,
      dependsOn: mail.dependsOn ? JSON.stringify(mail.dependsOn) : null,
      messageId: `<mail-${id}@${host}>`,
      status: 'pending',
      nextAttemptAt: iso(mail.sendAt ?? now),
      leaseUntil: null,
      lastError: null,
      sentAt: null,
      createdAt: iso(now),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export const dueMailIds = (db: Db, now: number, limit: number) => dueIds(db, 'mailOutbox', now, limit);

/** Takes the row for one delivery (jobs/outbox-lease.ts); undefined when another delivery has it. */
export const claimMail = (db: Db, id: string, now: number) => claimRow(db, 'mailOutbox', id, now);

/** Sent: the body goes, since a guest's mail carries their booking's link, which the database keeps only hashed. */
export async function markMailSent(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ status: 'sent', sentAt: iso(now), leaseUntil: null, lastError: null, textBody: '', htmlBody: null })
    .where('id', '=', id)
    .execute();
}

/** No longer true: never sent, with the reason kept for the owner's list. */
export async function markMailDropped(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ status: 'dropped', leaseUntil: null, lastError: reason, textBody: '', htmlBody: null })
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(
  db: Db,
  row: MailOutboxRow,
  error: string,
  permanent: boolean,
  now: number,
): Promise<'pending' | 'failed'> {
  const attempts = row.attempts + 1;
  const giveUp = permanent || now - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS;
  await db
    .updateTable('mailOutbox')
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts,
      lastError: error,
      nextAttemptAt: iso(now + retryDelayMs(attempts)),
      leaseUntil: null,
    })
    .where('id', '=', row.id)
    .execute();
  return giveUp ? 'failed' : 'pending';
}

/** With SQLite (one process), leases left at start belong to a server that is gone. */
export const releaseMailLeases = (db: Db) => releaseLeases(db, 'mailOutbox');

/** The mails queued under keys starting with `prefix` (a booking's), oldest first: the owner's and the tests' view. */
export async function mailsByKeyPrefix(db: Db, prefix: string) {
  return db
    .selectFrom('mailOutbox')
    .select(['key', 'toAddress', 'subject', 'status', 'createdAt'])
    .where('key', 'like', `${prefix}%`)
    .orderBy('createdAt')
    .orderBy('key')
    .execute();
}

/** A booking's mails as the owner's list shows them (never the owner's own), oldest first. */
export async function bookingMails(db: Db, bookingId: string) {
  return db
    .selectFrom('mailOutbox')
    .select(['id', 'key', 'status', 'nextAttemptAt', 'sentAt', 'createdAt'])
    .where('key', 'like', `booking:${bookingId}:%`)
    .where('key', 'not like', `booking:${bookingId}:owner:%`)
    .orderBy('createdAt')
    .orderBy('key')
    .execute();
}

/** Keeps a key from ever being sent: a planned mail the owner cancelled before it was queued. */
export async function blockMailKey(db: Db, key: string, to: string, now: number, host: string): Promise<boolean> {
  const id = randomUUID();
  const result = await db
    .insertInto('mailOutbox')
    .values({
      id,
      key,
      toAddress: to,
      subject: '',
      textBody: '',
      htmlBody: null,
      replyTo: null,
      calendar: null,
      messageId: `<mail-${id}@${host}>`,
      status: 'cancelled',
      nextAttemptAt: iso(now),
      leaseUntil: null,
      lastError: null,
      sentAt: null,
      createdAt: iso(now),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Cancels a queued mail not yet sent, or sends it at the next pass; false when it was not pending. */
export async function changePendingMail(
  db: Db,
  id: string,
  change: 'cancel' | 'send-now',
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('mailOutbox')
    .set(change === 'cancel' ? { status: 'cancelled' } : { nextAttemptAt: iso(now) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The status of each of these keys' mails that exists. */
export async function mailStatesByKey(db: Db, keys: readonly string[]): Promise<Map<string, MailOutboxRow['status']>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('mailOutbox').select(['key', 'status']).where('key', 'in', keys).execute();
  return new Map(rows.map((row) => [row.key, row.status]));
}

/** Cancels the key's mail if it waits to be sent; false when there was none waiting. */
export async function cancelPendingKey(db: Db, key: string): Promise<boolean> {
  const result = await db
    .updateTable('mailOutbox')
    .set({ status: 'cancelled' })
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Undoes a cancellation of the key's mail: a key blocked before it was queued is freed (its mail
 * is queued again when due), a queued mail that was cancelled is sent at the next pass. False when
 * the key's mail was not cancelled.
 */
export async function reopenCancelledKey(db: Db, key: string, now: number): Promise<boolean> {
  const blocked = await db
    .deleteFrom('mailOutbox')
    .where('key', '=', key)
    .where('status', '=', 'cancelled')
    .where('subject', '=', '')
    .executeTakeFirst();
  if (Number(blocked.numDeletedRows) > 0) return true;
  const queued = await db
    .updateTable('mailOutbox')
    .set({ status: 'pending', nextAttemptAt: iso(now), createdAt: iso(now) })
    .where('key', '=', key)
    .where('status', '=', 'cancelled')
    .executeTakeFirst();
  return Number(queued.numUpdatedRows) === 1;
}

/** The mails whose delivery failed for good, oldest first: what "Needs action" lists. */
export async function failedMails(db: Db) {
  return db
    .selectFrom('mailOutbox')
    .select(['id', 'key', 'toAddress', 'subject', 'lastError', 'createdAt'])
    .where('status', '=', 'failed')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}
