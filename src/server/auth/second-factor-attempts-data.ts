import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';

// Every query on second_factor_attempts and second_factor_pause: the second step counted across
// the whole site, whatever the client (docs/decisions/0062-second-factor-paused-site-wide.md).
// Counted in the database, so every server on it shares one count and one pause.

/** Failures across the site within this window… */
export const SITE_WINDOW_MS = 15 * 60_000;
/** …this many of them pause the second step… */
export const SITE_MAX_FAILURES = 10;
/** …for everyone, this long. */
export const PAUSE_MS = 15 * 60_000;

const PAUSE_ID = 'site';
const iso = (ms: number) => new Date(ms).toISOString();

export type Reservation = { allowed: true; id: string } | { allowed: false; retryAt: number };

/**
 * Counts one check before it is made, as the login lockout does (decision 0003): the row is
 * written first, then the window counted with it, so checks sent at once on many servers are
 * never more than SITE_MAX_FAILURES in a window. One refused is not counted, as it is not checked.
 */
export async function reserveSiteAttempt(db: Db, now: number): Promise<Reservation> {
  const id = randomUUID();
  await db
    .insertInto('secondFactorAttempts')
    .values({ id, at: iso(now), failed: 0 })
    .execute();
  const rows = await db
    .selectFrom('secondFactorAttempts')
    .select('at')
    .where('at', '>', iso(now - SITE_WINDOW_MS))
    .orderBy('at')
    .execute();
  if (rows.length <= SITE_MAX_FAILURES) return { allowed: true, id };
  await db.deleteFrom('secondFactorAttempts').where('id', '=', id).execute();
  // A place comes free when the oldest attempt of the window leaves it.
  return { allowed: false, retryAt: Date.parse(rows[0]!.at) + SITE_WINDOW_MS };
}

/** A right answer is no failure: its reservation goes. */
export async function releaseSiteAttempt(db: Db, id: string): Promise<void> {
  await db.deleteFrom('secondFactorAttempts').where('id', '=', id).execute();
}

/** A wrong answer stays in the window; answers how many failures the window now holds. */
export async function recordSiteFailure(db: Db, id: string, now: number): Promise<number> {
  await db.updateTable('secondFactorAttempts').set({ failed: 1 }).where('id', '=', id).execute();
  const row = await db
    .selectFrom('secondFactorAttempts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('failed', '=', 1)
    .where('at', '>', iso(now - SITE_WINDOW_MS))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the pause in force ends (epoch ms), or undefined when the second step is open. */
export async function pausedUntil(db: Db, now: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('secondFactorPause')
    .select('endsAt')
    .where('id', '=', PAUSE_ID)
    .where('endsAt', '>', iso(now))
    .executeTakeFirst();
  return row ? Date.parse(row.endsAt) : undefined;
}

/**
 * Starts a pause of PAUSE_MS unless one is in force: one conditional upsert, so of two servers
 * that see the tenth failure at once, one starts it. Answers its start (the pause's identity, for
 * the owner's one mail) to that caller alone.
 */
export async function startPause(db: Db, now: number): Promise<string | undefined> {
  const startedAt = iso(now);
  const row = await db
    .insertInto('secondFactorPause')
    .values({ id: PAUSE_ID, startedAt, endsAt: iso(now + PAUSE_MS) })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ startedAt, endsAt: iso(now + PAUSE_MS) })
        .where('secondFactorPause.endsAt', '<=', startedAt),
    )
    .returning('startedAt')
    .executeTakeFirst();
  return row?.startedAt;
}

/** Attempts whose window is over count for nothing; the periodic sweep deletes them. */
export async function deleteEndedSecondFactorAttempts(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('secondFactorAttempts')
    .where('at', '<=', iso(now.getTime() - SITE_WINDOW_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
