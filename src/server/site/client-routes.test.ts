import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_URL_PLACEHOLDER } from '../../shared/site-url.js';
import { type BuiltFile, writeClientBuild } from '../../../tests/support/server/client-build.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

let dir: string;
let site: TestApp;
let app: FastifyInstance;
let photo: BuiltFile;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-client-'));
  photo = writeClientBuild(join(dir, 'client')).find((f) => f.path.startsWith('/assets/img/'))!;
  site = await createTestApp({}, { clientDir: join(dir, 'client') });
  app = site.app;
});

afterAll(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('compressed pages', () => {
  it('sends / in the encoding the browser prefers, the same page as uncompressed, and plain text when none is accepted', async () => {
    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('http://estadia.test/');
    const cases: Array<[string, string, (body: Buffer) => Buffer]> = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['gzip', 'gzip', gunzipSync],
    ];
    // Twice each: the second answer comes from the kept copy.
    for (const [accepted, encoding, decode] of [...cases, ...cases]) {
      const answer = await app.inject({ url: '/', headers: { 'accept-encoding': accepted } });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(decode(answer.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });
});

describe('page templates', () => {
  it('are sent only filled in: / carries SITE_URL, and the template files are not served', async () => {
    const landing = await app.inject('/');
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('http://estadia.test/');
    expect(landing.body).not.toContain(SITE_URL_PLACEHOLDER);
    // index.html.br and .gz once went out raw, placeholder and all (the build compresses index.html).
    for (const url of [
      '/index.html',
      '/app.html',
      '/login.html',
      '/index.html.br',
      '/index.html.gz',
      '/INDEX.HTML',
      '/index.HTML.BR',
    ]) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });

  it('still lets the precompressed assets out', async () => {
    const response = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });
});

describe('the pages of the other languages', () => {
  it('serves /pt/ filled in, and redirects /pt there', async () => {
    const page = await app.inject('/pt/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="pt-PT">');
    expect(page.body).toContain('http://estadia.test/pt/');
    const bare = await app.inject('/pt?ref=x');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/pt/?ref=x');
  });

  it('never sends the Portuguese template files themselves', async () => {
    for (const url of ['/pt/index.html', '/pt/index.html.br', '/pt/index.html.gz']) {
      expect((await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })).statusCode, url).toBe(404);
    }
  });
});

describe('the login page', () => {
  it('is sent on /login, and the empty shell on the other app paths', async () => {
    const login = await app.inject('/login');
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(login.body).toContain('<h1>Administrative Access</h1>');
    for (const url of [
      '/admin',
      '/admin/bookings/ABC123',
      '/admin/content',
      '/booking/ABC123',
      '/booking/ABC123?t=x',
    ]) {
      const shell = await app.inject(url);
      expect(shell.statusCode, url).toBe(200);
      expect(shell.body, url).toContain('<div id="root"></div>');
    }
  });
});

describe('an unknown page path', () => {
  it('is redirected to the home page of its language, not answered with a page at its address', async () => {
    const cases: Array<[string, string]> = [
      ['/no/such/page', '/'],
      ['/login/more', '/'],
      ['/booking', '/'],
      ['/booking/ABC123/more', '/'],
      ['/adminx', '/'],
      ['/privacy/more?ref=x', '/'],
      ['/pt/no/such/page', '/pt/'],
      ['/pt/admin', '/pt/'],
      ['/de/', '/'],
      ['/de/anything', '/'],
    ];
    for (const [url, home] of cases) {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await app.inject({ method, url });
        expect(answer.statusCode, `${method} ${url}`).toBe(302);
        expect(answer.headers.location, url).toBe(home);
      }
    }
  });

  it('under /api/ keeps the JSON 404, and a missing file or asset its 404', async () => {
    for (const url of [
      '/api/no-such-route',
      '/api/',
      '/assets/missing-Ab12Cd34.js',
      '/robots-missing.txt',
      '/pt/x.png',
    ]) {
      const answer = await app.inject(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
    const post = await app.inject({ method: 'POST', url: '/no/such/page' });
    expect(post.statusCode).toBe(404);
  });
});

describe('the privacy pages', () => {
  it('are sent with the site address and the durations of the server settings written in, in their language', async () => {
    const english = await app.inject('/privacy');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.body).toContain('href="http://estadia.test/privacy"');
    // The defaults: INQUIRY_RETENTION_DAYS=90, SUBMISSION_WINDOW_MINUTES=15.
    expect(english.body).toContain('<p>90 days / 15 minutes</p>');
    const portuguese = await app.inject('/pt/privacy');
    expect(portuguese.body).toContain('<p>90 dias / 15 minutos</p>');
    for (const body of [english.body, portuguese.body]) expect(body).not.toMatch(/__ESTADIA_/);
  });

  it('never sends their templates', async () => {
    for (const url of ['/privacy.html', '/privacy.html.br', '/pt/privacy.html']) {
      expect((await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })).statusCode, url).toBe(404);
    }
  });
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
    for (const url of [
      '/assets/img/lake-400-00000000.webp',
      '/assets/img/index.html',
      '/assets/img/lake.png',
      '/assets/img/..%2f..%2fpackage.json',
      '/assets/img/a%00.webp',
    ]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error.code, url).toBe('not_found');
    }
  });
});
