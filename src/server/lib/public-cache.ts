import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A public answer (a page of reviews, a window of availability), serialized once, with its ETag. */
export interface CachedPage {
  json: string;
  etag: string;
}

/** Long enough to spare the database, no longer than the browsers' max-age (docs/decisions/0007-caches.md). */
const PUBLIC_CACHE_TTL_MS = 10_000;

/**
 * Public answers held in memory, one cache per kind. An entry is written only on a miss and never renewed
 * by a read, so another server's approval or deletion shows here within the TTL; this server's
 * own changes clear it at once.
 */
export function createPublicCache(ttlMs = PUBLIC_CACHE_TTL_MS): LRUCache<string, CachedPage> {
  return new LRUCache<string, CachedPage>({ max: 1000, ttl: ttlMs, updateAgeOnGet: false });
}

export function cachedPage(body: unknown): CachedPage {
  const json = JSON.stringify(body);
  return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
}
