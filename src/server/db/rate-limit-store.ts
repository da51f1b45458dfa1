import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { Db } from './database.js';

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
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_started_at: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        hits: eb.case().when('rate_limits.window_started_at', '<=', over).then(1).else(eb('rate_limits.hits', '+', 1)).end(),
        window_started_at: eb.case().when('rate_limits.window_started_at', '<=', over).then(at).else(eb.ref('rate_limits.window_started_at')).end(),
      })),
    )
    .returning(['hits', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { current: row.hits, ttl: Math.max(0, Date.parse(row.window_started_at) + windowMs - now) };
}

/** Deletes counters whose window ended before `now - windowMs`. */
export async function purgeRateLimits(db: Db, windowMs: number, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('window_started_at', '<', iso(now - windowMs)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A @fastify/rate-limit store on the project's database; each route counts apart. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Hits) => void, timeWindow: number): void {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (hits) => callback(null, hits),
        (error: Error) => callback(error),
      );
    }

    child(params: RouteOptions & { path: string }): FastifyRateLimitStore {
      // The plugin's types promise route options, but it passes its merged settings, which carry
      // the route as `routeInfo`.
      const route = (params as { routeInfo?: Partial<RouteOptions> }).routeInfo;
      return new DatabaseStore(undefined, `${String(route?.method ?? '')} ${route?.url ?? ''} `);
    }
  }
  return DatabaseStore;
}
