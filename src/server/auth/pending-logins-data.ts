import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

// Every query on the admin_pending_logins table: a login whose password was right and whose
// second factor is due (docs/decisions/0036-second-factor.md). Not a session: it opens nothing
// but the second step, lasts 5 minutes, and takes a few codes at most.

export const PENDING_LOGIN_MS = 5 * 60_000;
/** Codes one pending login may try before the password must be typed again. */
export const PENDING_LOGIN_ATTEMPTS = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function createPendingLogin(db: Db, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('adminPendingLogins')
    .values({ tokenHash: hashToken(token), createdAt: now.toISOString(), challenge: null })
    .execute();
  return token;
}

/**
 * Counts one try of a second factor on the pending login; true while it exists, is younger than
 * 5 minutes and has tries left. One conditional update, so tries sent at once cannot exceed it.
 */
export async function reservePendingAttempt(db: Db, token: string, now: Date): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const result = await db
    .updateTable('adminPendingLogins')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('tokenHash', '=', hashToken(token))
    .where('createdAt', '>', new Date(now.getTime() - PENDING_LOGIN_MS).toISOString())
    .where('attempts', '<', PENDING_LOGIN_ATTEMPTS)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** True while the pending login exists and is young enough (for the passkey's options). */
export async function pendingLoginOpen(db: Db, token: string, now: Date): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const row = await db
    .selectFrom('adminPendingLogins')
    .select('createdAt')
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  return row !== undefined && Date.parse(row.createdAt) > now.getTime() - PENDING_LOGIN_MS;
}

export async function setPendingChallenge(db: Db, token: string, challenge: string): Promise<void> {
  await db.updateTable('adminPendingLogins').set({ challenge }).where('tokenHash', '=', hashToken(token)).execute();
}

export async function pendingChallenge(db: Db, token: string): Promise<string | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom('adminPendingLogins')
    .select('challenge')
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.challenge ?? undefined;
}

/** Ends the pending login; true for the one caller that ended it (a login completes once). */
export async function endPendingLogin(db: Db, token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const result = await db.deleteFrom('adminPendingLogins').where('tokenHash', '=', hashToken(token)).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every login waiting for its second factor ends (the password changed). */
export async function deleteAllPendingLogins(db: Db): Promise<void> {
  await db.deleteFrom('adminPendingLogins').execute();
}

/** Pending logins past their 5 minutes, deleted by the sweep. */
export async function deleteEndedPendingLogins(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('adminPendingLogins')
    .where('createdAt', '<=', new Date(now.getTime() - PENDING_LOGIN_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
