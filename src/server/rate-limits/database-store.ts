import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { Db } from '../db/database.js';
import { countHit, type Hits } from './rate-limits-data.js';

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
