import type { Db } from '../db/database.js';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** Milliseconds until this IP may try again, or 0 when it is not locked out. */
export async function lockoutRemainingMs(db: Db, ip: string, now = new Date()): Promise<number> {
  const row = await db.selectFrom('login_failures').selectAll().where('ip', '=', ip).executeTakeFirst();
  if (!row || row.failures < MAX_LOGIN_FAILURES) return 0;
  return Math.max(0, Date.parse(row.window_started_at) + LOGIN_WINDOW_MS - now.getTime());
}

/** Counts a failure in the IP's 15-minute window, starting a new window when the old one is over. */
export async function recordLoginFailure(db: Db, ip: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  await db
    .insertInto('login_failures')
    .values({ ip, failures: 1, window_started_at: at })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_failures.window_started_at', '<', windowStart)
          .then(1)
          .else(eb('login_failures.failures', '+', 1))
          .end(),
        window_started_at: eb
          .case()
          .when('login_failures.window_started_at', '<', windowStart)
          .then(at)
          .else(eb.ref('login_failures.window_started_at'))
          .end(),
      })),
    )
    .execute();
}

export async function clearLoginFailures(db: Db, ip: string): Promise<void> {
  await db.deleteFrom('login_failures').where('ip', '=', ip).execute();
}
