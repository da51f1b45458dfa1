import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../lib/http-error.js';
import { HASHED_ASSET_CACHE_CONTROL } from '../lib/public-cache.js';
import { findVariant } from './photo-variants-data.js';

/** `<photo id>-<8 hex of its hash>-<width>.<extension>`: a new upload is a new name. */
const PHOTO_URL = /^([\w-]{1,100})-([0-9a-f]{8})-(\d{1,5})\.(avif|webp|jpg)$/;
const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
/** Recently served variants, so the landing page's photos are not read from the database each time. */
const MAX_BYTES = 32 * 1024 * 1024;

/** The uploaded photos' variants, from the database: any server answers for any photo (0024). */
export const photoRoutes: FastifyPluginAsync = async (app) => {
  const served = new LRUCache<string, { bytes: Buffer; type: string }>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => Math.max(entry.bytes.length, 1),
    // A photo deleted on any server stops being served here within a minute.
    ttl: 60_000,
  });

  app.get<{ Params: { file: string } }>('/photos/:file', async (request, reply) => {
    const { file } = request.params;
    const match = PHOTO_URL.exec(file);
    if (!match) throw new HttpError(404, 'Not found');
    const [, id, hash, width, extension] = match as unknown as [string, string, string, string, string];
    let entry = served.get(file);
    if (!entry) {
      const variant = await findVariant(app.db, `${id}-${width}.${extension}`);
      // An old hash is a photo since replaced: never serve other bytes under a name cached for a year.
      if (!variant || !variant.hash.startsWith(hash)) throw new HttpError(404, 'Not found');
      entry = { bytes: Buffer.from(variant.bytes), type: TYPES[extension] ?? 'application/octet-stream' };
      served.set(file, entry);
    }
    const etag = `"${file}"`;
    reply.header('cache-control', HASHED_ASSET_CACHE_CONTROL).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(entry.type).send(entry.bytes);
  });
};
