import { LOGIN_WINDOW_MINUTES } from '../../shared/constants.js';
import type { Db } from '../db/database.js';

// Every query on the login_failures table: the per-IP lockout (docs/decisions/0003-sessions-and-lockout.md).

const MAX_LOGIN_FAILURES = 5;
const LOGIN_WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;

/** Milliseconds until this IP may try again, or 0 when it is not locked out. */
export async function lockoutRemainingMs(db: Db, ip: string, now = new Date()): Promise<number> {
  const row = await db.selectFrom('loginFailures').selectAll().where('ip', '=', ip).executeTakeFirst();
  if (!row || row.failures < MAX_LOGIN_FAILURES) return 0;
  return Math.max(0, Date.parse(row.windowStartedAt) + LOGIN_WINDOW_MS - now.getTime());
}

/** Counts a failure in the IP's 15-minute window, starting a new window when the old one is over. */
export async function recordLoginFailure(db: Db, ip: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  await db
    .insertInto('loginFailures')
    .values({ ip, failures: 1, windowStartedAt: at })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('loginFailures.windowStartedAt', '<', windowStart)
          .then(1)
          .else(eb('loginFailures.failures', '+', 1))
          .end(),
        windowStartedAt: eb
          .case()
          .when('loginFailures.windowStartedAt', '<', windowStart)
          .then(at)
          .else(eb.ref('loginFailures.windowStartedAt'))
          .end(),
      })),
    )
    .execute();
}

export async function clearLoginFailures(db: Db, ip: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('ip', '=', ip).execute();
}

/** Failures whose window is over count for nothing; the periodic sweep deletes them. */
export async function deleteEndedLoginFailures(db: Db, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const result = await db.deleteFrom('loginFailures').where('windowStartedAt', '<', windowStart).executeTakeFirst();
  return Number(result.numDeletedRows);
}
