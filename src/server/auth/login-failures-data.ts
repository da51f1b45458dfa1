import { LOGIN_WINDOW_MINUTES } from '../../shared/constants.js';
import type { Db } from '../db/database.js';

// Every query on the login_failures table: the per-client lockout (docs/decisions/0003-sessions-and-lockout.md).
// A row counts the attempts a client was allowed to have checked in its window, reserved before
// the password is hashed; the `ip` column holds the client's key (lib/client-key.ts).

const LOGIN_WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;

export interface Reservation {
  /** False past the limit: the attempt must be refused without checking the password. */
  allowed: boolean;
  /** When the client's window ends, in epoch milliseconds. */
  windowEndsAt: number;
}

/**
 * Counts one attempt in the client's 15-minute window before its password is checked, starting a
 * new window when the old one is over: one upsert, so however many attempts arrive at once, on
 * however many servers, only the first `max` of a window are ever allowed.
 */
export async function reserveLoginAttempt(db: Db, key: string, max: number, now = new Date()): Promise<Reservation> {
  const at = now.toISOString();
  const over = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const row = await db
    .insertInto('loginFailures')
    .values({ ip: key, failures: 1, windowStartedAt: at })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('loginFailures.windowStartedAt', '<=', over)
          .then(1)
          .else(eb('loginFailures.failures', '+', 1))
          .end(),
        windowStartedAt: eb
          .case()
          .when('loginFailures.windowStartedAt', '<=', over)
          .then(at)
          .else(eb.ref('loginFailures.windowStartedAt'))
          .end(),
      })),
    )
    .returning(['failures', 'windowStartedAt'])
    .executeTakeFirstOrThrow();
  return { allowed: row.failures <= max, windowEndsAt: Date.parse(row.windowStartedAt) + LOGIN_WINDOW_MS };
}

/** The right password: the client starts afresh. */
export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('ip', '=', key).execute();
}

/** Failures whose window is over count for nothing; the periodic sweep deletes them. */
export async function deleteEndedLoginFailures(db: Db, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const result = await db.deleteFrom('loginFailures').where('windowStartedAt', '<=', windowStart).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Hands back an attempt that was not a failure but is not the end of the login either: the right
 * password when the second factor is still due. The count stays, so the codes that follow are
 * counted on top of the failures before (docs/decisions/0036-second-factor.md).
 */
export async function releaseLoginAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('loginFailures')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('ip', '=', key)
    .where('failures', '>', 0)
    .execute();
}
