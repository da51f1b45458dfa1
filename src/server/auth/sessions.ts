import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
// Writing last_seen on every request would turn each admin read into a write.
const TOUCH_AFTER_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new random token (256 bits); only its hash is stored. */
export async function createSession(db: Db, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await db.insertInto('admin_sessions').values({ token_hash: hashToken(token), created_at: at, last_seen_at: at }).execute();
  return token;
}

/** True while the session exists and neither timeout has passed; an expired one is deleted. */
export async function touchSession(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const tokenHash = hashToken(token);
  const row = await db.selectFrom('admin_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return false;
  const idle = now.getTime() - Date.parse(row.last_seen_at);
  const age = now.getTime() - Date.parse(row.created_at);
  if (idle > SESSION_IDLE_MS || age > SESSION_ABSOLUTE_MS) {
    await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
    return false;
  }
  if (idle > TOUCH_AFTER_MS) {
    await db.updateTable('admin_sessions').set({ last_seen_at: now.toISOString() }).where('token_hash', '=', tokenHash).execute();
  }
  return true;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .deleteFrom('admin_sessions')
    .where((eb) =>
      eb.or([
        eb('last_seen_at', '<', new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
        eb('created_at', '<', new Date(now.getTime() - SESSION_ABSOLUTE_MS).toISOString()),
      ]),
    )
    .execute();
}
