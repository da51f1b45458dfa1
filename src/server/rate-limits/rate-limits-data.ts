import type { Db } from '../db/database.js';

// Every query on the rate_limits table: submission counters shared by every server on the database.

export interface Hits {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Counts one hit for `key` in its window, starting a new window when the old one is over. One
 * upsert, so concurrent requests on several servers never lose a count.
 */
export async function countHit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Hits> {
  const at = iso(now);
  const over = iso(now - windowMs);
  const row = await db
    .insertInto('rateLimits')
    .values({ key, hits: 1, windowStartedAt: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when('rateLimits.windowStartedAt', '<=', over)
          .then(1)
          .else(eb('rateLimits.hits', '+', 1))
          .end(),
        windowStartedAt: eb
          .case()
          .when('rateLimits.windowStartedAt', '<=', over)
          .then(at)
          .else(eb.ref('rateLimits.windowStartedAt'))
          .end(),
      })),
    )
    .returning(['hits', 'windowStartedAt'])
    .executeTakeFirstOrThrow();
  return { current: row.hits, ttl: Math.max(0, Date.parse(row.windowStartedAt) + windowMs - now) };
}

/** Counters whose window is over only take space; the periodic sweep deletes them. */
export async function deleteEndedRateLimits(db: Db, windowMs: number, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('rateLimits')
    .where('windowStartedAt', '<', iso(now - windowMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
