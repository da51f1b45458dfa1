import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type BuiltFile, writeClientBuild } from '../../../tests/support/client-build.js';
import { TEST_PASSWORD } from '../../../tests/support/test-app.js';

let dir: string;
let app: FastifyInstance;
let photo: BuiltFile;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-photos-'));
  const built = writeClientBuild(join(dir, 'client'));
  photo = built.find((f) => f.path.startsWith('/assets/img/'))!;
  const config = loadConfig({ DATABASE_URL: `file:${join(dir, 'test.sqlite')}`, ADMIN_PASSWORD: TEST_PASSWORD, SITE_URL: 'http://estadia.test', LOG_LEVEL: 'silent' });
  app = await buildApp(config, { clientDir: join(dir, 'client') });
});

afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('photos', () => {
  it('are sent with their type, a year of cache and their name as ETag, from memory once read', async () => {
    const first = await app.inject({ url: photo.path });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(photo.content)).toBe(true);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${photo.path.split('/').pop()}"`);
    expect((await app.inject({ url: photo.path, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const head = await app.inject({ method: 'HEAD', url: photo.path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(photo.content.length));
    // Gone from the disk, still sent whole: it was kept.
    unlinkSync(join(dir, 'client', photo.path));
    const kept = await app.inject({ url: photo.path });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(photo.content)).toBe(true);
  });

  it('answers a range request with that part of the file', async () => {
    // Written again: the test above removed it, and a range is read from the disk.
    writeClientBuild(join(dir, 'client'));
    const part = await app.inject({ url: photo.path, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('RIFF');
  });

  it('answers 404 with the error body for a missing photo or a name that is not a photo file', async () => {
    for (const url of ['/assets/img/lake-400-00000000.webp', '/assets/img/index.html', '/assets/img/lake.png', '/assets/img/..%2f..%2fpackage.json', '/assets/img/a%00.webp']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error.code, url).toBe('not_found');
    }
  });
});
