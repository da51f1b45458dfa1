import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_LOCALES } from '../../shared/admin-preferences.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';

// The owner's language for the admin: kept in the database, so a second server on the same data
// (another device's session) reads the same choice; a language the admin does not offer is refused.

let site: TestApp;
let other: TestApp;
let cookie: string;
const ORIGIN = 'http://estadia.test';

beforeAll(async () => {
  site = await createTestApp();
  other = await createTestApp({ DATABASE_URL: site.databaseUrl });
  cookie = await login(site.app);
});
afterAll(async () => {
  await other?.app.close();
  await site?.close();
});

const read = (t: TestApp, withCookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/preferences', headers: { cookie: withCookie } });
const choose = (locale: unknown, headers: Record<string, string> = { cookie, origin: ORIGIN }) =>
  site.app.inject({ method: 'PUT', url: '/api/admin/preferences', headers, ...json({ locale }) });

describe('the admin language preference', () => {
  it('is null until the owner chooses', async () => {
    const response = await read(site, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ locale: null });
  });

  it('keeps the choice for every later session, on any server of the site', async () => {
    expect((await choose('pt-PT')).statusCode).toBe(204);
    const later = await login(other.app);
    expect((await read(other, later)).json()).toEqual({ locale: 'pt-PT' });
    expect((await choose('en')).statusCode).toBe(204);
    expect((await read(site, cookie)).json()).toEqual({ locale: 'en' });
  });

  it.each(['de', 'pt', 'PT-pt', '', 'pt-BR'])(
    'refuses %j in the house error shape, keeping the choice',
    async (locale) => {
      expect((await choose('pt-PT')).statusCode).toBe(204);
      const response = await choose(locale);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'invalid_field', message: 'The admin is not offered in this language', field: 'locale' },
      });
      expect((await read(site, cookie)).json()).toEqual({ locale: 'pt-PT' });
    },
  );

  it('refuses a body without a locale, a request without a session, and one from another origin', async () => {
    expect((await choose(null)).json().error.code).toBe('invalid_field');
    expect((await read(site, '')).statusCode).toBe(401);
    expect((await choose('en', { origin: ORIGIN })).statusCode).toBe(401);
    expect((await choose('en', { cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it("offers the catalog's languages", () => {
    const settings = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../client/i18n/project.inlang/settings.json'), 'utf8'),
    ) as { locales: string[] };
    expect([...CATALOG_LOCALES]).toEqual(settings.locales);
  });
});
