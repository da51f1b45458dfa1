import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

// Every query on the admin_sessions table (docs/decisions/0003-sessions-and-lockout.md).

const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
// Writing last_seen on every request would turn each admin read into a write.
const TOUCH_AFTER_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new random token (256 bits); only its hash is stored. The login that made it is the session's
 * first proof (`provedAt`), fresh for its first minutes, and of the second factor too when the
 * login took one (docs/decisions/0036-second-factor.md, 0062).
 */
export async function createSession(
  db: Db,
  now = new Date(),
  provedAt = now,
  factorProvedAt: Date | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await db
    .insertInto('adminSessions')
    .values({
      tokenHash: hashToken(token),
      createdAt: at,
      lastSeenAt: at,
      provedAt: provedAt.toISOString(),
      factorProvedAt: factorProvedAt?.toISOString() ?? null,
    })
    .execute();
  return token;
}

/** When the session last proved the password or the second factor, or null. */
export async function sessionProvedAt(db: Db, token: string): Promise<string | null> {
  return (await sessionProofs(db, token)).provedAt;
}

/** When the session last proved anything (`provedAt`), and the second factor itself (`factorProvedAt`). */
export async function sessionProofs(
  db: Db,
  token: string,
): Promise<{ provedAt: string | null; factorProvedAt: string | null }> {
  const row = await db
    .selectFrom('adminSessions')
    .select(['provedAt', 'factorProvedAt'])
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  return { provedAt: row?.provedAt ?? null, factorProvedAt: row?.factorProvedAt ?? null };
}

/**
 * The session proved the password or the second factor again (POST /api/admin/reauth); `byFactor`
 * when it was the second factor, which adding or replacing a factor needs (decision 0062).
 */
export async function markSessionProved(db: Db, token: string, now: Date, byFactor = false): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('adminSessions')
    .set(byFactor ? { provedAt: at, factorProvedAt: at } : { provedAt: at })
    .where('tokenHash', '=', hashToken(token))
    .execute();
}

/** Keeps the passkey challenge this session was given, replacing any earlier one. */
export async function setSessionChallenge(db: Db, token: string, challenge: string): Promise<void> {
  await db.updateTable('adminSessions').set({ challenge }).where('tokenHash', '=', hashToken(token)).execute();
}

/** The session's passkey challenge, taken once: a second answer to it finds none. */
export async function takeSessionChallenge(db: Db, token: string): Promise<string | undefined> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('adminSessions')
    .select('challenge')
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!row?.challenge) return undefined;
  // Cleared only if still the one read: of two answers at once, one takes it.
  const taken = await db
    .updateTable('adminSessions')
    .set({ challenge: null })
    .where('tokenHash', '=', tokenHash)
    .where('challenge', '=', row.challenge)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? row.challenge : undefined;
}

/** True while the session exists and neither timeout has passed; an expired one is deleted. */
export async function touchSession(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const tokenHash = hashToken(token);
  const row = await db.selectFrom('adminSessions').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  if (!row) return false;
  const idle = now.getTime() - Date.parse(row.lastSeenAt);
  const age = now.getTime() - Date.parse(row.createdAt);
  if (idle > SESSION_IDLE_MS || age > SESSION_ABSOLUTE_MS) {
    await db.deleteFrom('adminSessions').where('tokenHash', '=', tokenHash).execute();
    return false;
  }
  if (idle > TOUCH_AFTER_MS) {
    await db
      .updateTable('adminSessions')
      .set({ lastSeenAt: now.toISOString() })
      .where('tokenHash', '=', tokenHash)
      .execute();
  }
  return true;
}

/** Every session ends: the password they were opened with is no longer the password. */
export async function deleteAllSessions(db: Db): Promise<number> {
  const result = await db.deleteFrom('adminSessions').executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('adminSessions').where('tokenHash', '=', hashToken(token)).execute();
}

/** Sessions past their idle or absolute limit, deleted by the periodic sweep; returns how many. */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('adminSessions')
    .where((eb) =>
      eb.or([
        eb('lastSeenAt', '<', new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
        eb('createdAt', '<', new Date(now.getTime() - SESSION_ABSOLUTE_MS).toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
