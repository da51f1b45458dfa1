import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../lib/http-error.js';
import { HASHED_ASSET_CACHE_CONTROL } from '../lib/public-cache.js';

/** The build's photo files: the source's name, a content hash and a width (scripts/image-pipeline.ts). */
const PHOTO_FILE = /^[\w-]+\.(avif|webp|jpg)$/;
const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
/** Every photo variant of a house of 36 photos is about 12 MB; this leaves room for three times that. */
const MAX_BYTES = 48 * 1024 * 1024;

/**
 * The photos under /assets/img/, kept in memory once read: @fastify/static opens and streams the
 * file on every request, which held the hero photo to about a quarter of the landing page's rate
 * (docs/performance.md). Their names carry their content's hash, so a name is a strong ETag. A range request is left to @fastify/static.
 */
export const photoRoutes: FastifyPluginAsync<{ clientDir: string }> = async (app, { clientDir }) => {
  const photos = new LRUCache<string, Buffer>({
    maxSize: MAX_BYTES,
    sizeCalculation: (bytes) => Math.max(bytes.length, 1),
  });

  app.get<{ Params: { file: string } }>('/assets/img/:file', async (request, reply) => {
    const { file } = request.params;
    const extension = PHOTO_FILE.exec(file)?.[1];
    if (!extension) throw new HttpError(404, 'Not found');
    if (request.headers.range) return reply.sendFile(`assets/img/${file}`);
    let bytes = photos.get(file);
    if (!bytes) {
      bytes = await readFile(join(clientDir, 'assets', 'img', file)).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new HttpError(404, 'Not found') : error;
      });
      photos.set(file, bytes);
    }
    const etag = `"${file}"`;
    reply.header('cache-control', HASHED_ASSET_CACHE_CONTROL).header('etag', etag).header('accept-ranges', 'bytes');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(TYPES[extension] ?? 'application/octet-stream').send(bytes);
  });
};
