import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoUploadResultSchema } from '../../shared/photos.js';
import { ConfigError, loadConfig } from '../config.js';
import { writeClientBuild } from '../../../tests/support/server/client-build.js';
import { twoColours, upload } from '../../../tests/support/server/photo-files.js';
import { rawRequest } from '../../../tests/support/server/raw-http.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { uploadedImages } from '../photos/manifest.js';

// A request's house is chosen by its host; a host no house has gets 421 and nothing of any house
// (docs/decisions/0071-houses-and-hosts.md).

let dir: string;
let site: TestApp;
let cookie: string;
/** The house's public addresses: its pages, its API's answers, an uploaded photo, the calendar export. */
let housePaths: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-hosts-'));
  writeClientBuild(join(dir, 'client'));
  site = await createTestApp({ ADMIN_URL: 'http://admin.estadia.test' }, { clientDir: join(dir, 'client') });
  cookie = await login(site.app, { headers: { host: 'estadia.test' } });
  const uploaded = await upload(site.app, cookie, [
    { name: 'a.jpg', bytes: await twoColours(900, 600).jpeg().toBuffer() },
  ]);
  const [photo] = PhotoUploadResultSchema.parse(uploaded.json()).items;
  const photoUrl = (await uploadedImages(site.app.db))[photo!.id]!.avif.at(-1)!.url;
  const calendar = await site.app.inject({ url: '/api/admin/calendar', headers: { cookie } });
  const exportPath = new URL(calendar.json<{ exportUrl: string }>().exportUrl).pathname;
  housePaths = [
    '/',
    '/pt/',
    '/privacy',
    '/booking/ABCD-EF',
    '/api/availability?from=2027-01-01&to=2027-02-01',
    '/api/reviews',
    '/api/booking/options?locale=en',
    photoUrl,
    exportPath,
    '/no-such-page',
  ];
}, 60_000);

afterAll(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, host: string, headers: Record<string, string> = {}) =>
  site.app.inject({ url, headers: { host, ...headers } });

describe('a host no house has', () => {
  it('answers 421 unknown_host on every page, answer, photo and export of the house, and shows none of it', async () => {
    for (const path of housePaths) {
      const own = await get(path, 'estadia.test');
      expect(own.statusCode, path).not.toBe(421);
      const other = await get(path, 'other.example', { cookie });
      expect(other.statusCode, path).toBe(421);
      expect(other.json(), path).toEqual({
        error: { code: 'unknown_host', message: 'No house is served at this host name' },
      });
      expect(other.headers['content-type'], path).toMatch(/^application\/json/);
      expect(other.headers['cache-control'], path).toBe('no-store');
      expect(other.body, path).not.toMatch(/Casa do Lago|Landing|BEGIN:VCALENDAR/);
    }
  });

  it('is refused before any route runs: an inquiry, a login and an admin list there change and show nothing', async () => {
    const inquiry = await site.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { host: 'other.example' },
      ...json({ name: 'Eve', email: 'eve@example.com', message: 'Hello' }),
    });
    expect(inquiry.statusCode).toBe(421);
    const inquiries = await site.app.inject({ url: '/api/admin/inquiries', headers: { cookie } });
    expect(inquiries.json().items).toEqual([]);
    const houses = await get('/api/admin/houses', 'other.example', { cookie });
    expect(houses.statusCode).toBe(421);
    const loginThere = await site.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { host: 'other.example' },
      ...json({ password: 'wrong' }),
    });
    expect(loginThere.statusCode).toBe(421);
  });

  it("is told apart by name only: a house's host answers with any port, in any case, with a final dot", async () => {
    for (const host of ['estadia.test:8443', 'ESTADIA.Test', 'estadia.test.', 'estadia.test:80']) {
      expect((await get('/api/reviews', host)).statusCode, host).toBe(200);
    }
    for (const host of ['estadia.test.other.example', 'xestadia.test', 'estadia', '[::2]:80'])
      expect((await get('/api/reviews', host)).statusCode, host).toBe(421);
  });
});

describe('the exemptions', () => {
  it("answers the health check on any host, as Caddy's and a load balancer's checks ask it on the server's address", async () => {
    for (const host of ['other.example', '10.0.0.7:3000']) {
      const health = await get('/healthz', host);
      expect(health.statusCode, host).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    }
  });

  it('answers the admin origin (ADMIN_URL), which no house has: its admin and its login', async () => {
    const admin = 'admin.estadia.test';
    const houses = await get('/api/admin/houses', admin, { cookie });
    expect(houses.statusCode).toBe(200);
    expect((await get('/api/admin/houses', admin)).statusCode).toBe(401);
    const again = await login(site.app, { headers: { host: admin, origin: 'http://admin.estadia.test' } });
    expect(again).toMatch(/=/);
  });

  it('answers a request without a Host (HTTP/1.0) with 421, but for the health check', async () => {
    const address = await site.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const page = await rawRequest(port, 'GET /api/reviews HTTP/1.0\r\n\r\n');
    expect(page.status).toBe(421);
    expect(JSON.parse(page.body.toString()).error.code).toBe('unknown_host');
    expect((await rawRequest(port, 'GET /healthz HTTP/1.0\r\n\r\n')).status).toBe(200);
  });
});

describe('ADMIN_URL', () => {
  it('is SITE_URL unless set, and must be an http(s) URL', () => {
    expect(loadConfig({ SITE_URL: 'https://casa.example/' }).adminUrl).toBe('https://casa.example');
    expect(loadConfig({ SITE_URL: 'https://casa.example', ADMIN_URL: 'https://admin.example/x' }).adminUrl).toBe(
      'https://admin.example',
    );
    expect(() => loadConfig({ ADMIN_URL: 'ftp://admin.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_URL: 'ftp://admin.example' })).toThrow(/ADMIN_URL:/);
  });
});
