import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** A public answer (a page of reviews, a window of availability), serialized once, with its ETag. */
export interface CachedPage {
  json: string;
  etag: string;
}

/** Long enough to spare the database, no longer than the browsers' max-age (docs/decisions/0007-caches.md). */
const PUBLIC_CACHE_TTL_MS = 10_000;
/**
 * Each cache holds at most this many bytes of answers. Its keys come from visitors' query strings
 * (a cursor, a window of dates), so a count of entries would not bound its memory: a thousand
 * 18-month windows of availability weigh far more than a thousand pages of reviews.
 */
export const PUBLIC_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/** What an entry costs: its key, its JSON and its ETag, two bytes a character as V8 may keep them. */
const entryBytes = (page: CachedPage, key: string) => 2 * (key.length + page.json.length + page.etag.length);

/**
 * Public answers held in memory, one cache per kind. An entry is written only on a miss and never renewed
 * by a read, so another server's approval or deletion shows here within the TTL; this server's
 * own changes clear it at once.
 */
export function createPublicCache(ttlMs = PUBLIC_CACHE_TTL_MS): LRUCache<string, CachedPage> {
  return new LRUCache<string, CachedPage>({
    maxSize: PUBLIC_CACHE_MAX_BYTES,
    sizeCalculation: entryBytes,
    ttl: ttlMs,
    updateAgeOnGet: false,
  });
}

export function cachedPage(body: unknown): CachedPage {
  const json = JSON.stringify(body);
  return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * Answers a public page from `cache`, building it only on a miss (`build` checks it against its
 * schema, since the serializer skips a ready-made string): kept briefly by browsers and proxies,
 * and a 304 to a matching If-None-Match.
 */
export async function sendCachedPage(
  cache: LRUCache<string, CachedPage>,
  key: string,
  build: () => Promise<CachedPage>,
  request: FastifyRequest,
  reply: FastifyReply,
  maxAgeSeconds: number,
): Promise<FastifyReply> {
  let page = cache.get(key);
  if (!page) {
    page = await build();
    cache.set(key, page);
  }
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`).header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(page.json);
}

/** For files whose names carry their content's hash (/assets/, uploaded photos' variants): a year is safe. */
export const HASHED_ASSET_CACHE_CONTROL = `public, max-age=${365 * 24 * 60 * 60}, immutable`;
