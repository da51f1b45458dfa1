import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HouseListSchema } from '../../shared/houses.js';
import { LOOPBACK_HOSTS } from '../../../tests/support/server/loopback-hosts.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../../tests/support/server/test-database.js';
import { openDatabase } from '../db/database.js';
import { registerFirstHouse } from './first-house.js';
import { readHouses } from './registry.js';
import { slugOf } from './slug.js';

// The upgrade of a one-house install makes today's house the first, once, however many servers
// start at once (docs/decisions/0071-houses-and-hosts.md).

const apps: TestApp[] = [];
const cleanUps: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const t of apps.splice(0).reverse()) await t.close();
  for (const clean of cleanUps.splice(0)) await clean();
});

async function start(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

/** A fresh, empty database no app has opened yet. */
async function emptyDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-houses-'));
  const database = await createTestDatabase(dir);
  cleanUps.push(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  return database;
}

/** The houses as the admin reads them, without the names only the tests reach their apps by. */
async function housesOf(t: TestApp) {
  const cookie = await login(t.app);
  const response = await t.app.inject({ url: '/api/admin/houses', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return HouseListSchema.parse(response.json()).items.map((house) => ({
    ...house,
    hosts: house.hosts.filter((h) => !(LOOPBACK_HOSTS as readonly string[]).includes(h.host)),
  }));
}

const TODAYS_HOUSE = {
  slug: 'casa-do-lago',
  name: 'Casa do Lago',
  status: 'active',
  hosts: [{ host: 'estadia.test', canonical: true }],
  mailFrom: null,
  paymentAccount: 'default',
  invoicingAccount: 'default',
  sibaAccount: 'default',
};

describe('the first house', () => {
  it("is today's house: named as its published content, on SITE_URL's host (port left out), canonical, with the default accounts", async () => {
    const t = await start({ SITE_URL: 'http://estadia.test:8080' });
    expect(await housesOf(t)).toEqual([{ id: expect.any(String), ...TODAYS_HOUSE }]);
  });

  it('is registered once: a later start on the same database, with another SITE_URL, changes nothing', async () => {
    const first = await start();
    const [before] = await housesOf(first);
    const again = await start({ DATABASE_URL: first.databaseUrl, SITE_URL: 'https://moved.example' });
    expect(await housesOf(again)).toEqual([before]);
  });

  // Several servers share a PostgreSQL database only; SQLite's file has one server.
  it.runIf(testDbKind() === 'postgres')(
    'is registered once when two servers start at once on one empty database',
    async () => {
      const database = await emptyDatabase();
      const both = await Promise.all([start({ DATABASE_URL: database.url }), start({ DATABASE_URL: database.url })]);
      const [one, other] = await Promise.all(both.map(housesOf));
      expect(one).toEqual([{ id: expect.any(String), ...TODAYS_HOUSE }]);
      expect(other).toEqual(one);
    },
  );

  it('writes one house and one host when twenty registrations race on one migrated, empty database', async () => {
    const database = await emptyDatabase();
    const db = await openDatabase(database.url);
    cleanUps.unshift(() => db.destroy());
    const at = '2026-12-08T10:00:00.000Z';
    const wrote = await Promise.all(
      Array.from({ length: 20 }, () => registerFirstHouse(db, { name: 'Quinta da Serra', host: 'serra.example', at })),
    );
    expect(wrote.filter(Boolean)).toHaveLength(1);
    expect(await readHouses(db)).toEqual([
      {
        id: expect.any(String),
        ...TODAYS_HOUSE,
        slug: 'quinta-da-serra',
        name: 'Quinta da Serra',
        hosts: [{ host: 'serra.example', canonical: true }],
      },
    ]);
  });
});

describe('the slug a name gives', () => {
  it('keeps letters and digits, drops accents, joins words by hyphens, and is main when nothing is left', () => {
    expect(slugOf('Casa do Lago')).toBe('casa-do-lago');
    expect(slugOf('  Solar  São João, nº 2 ')).toBe('solar-sao-joao-no-2');
    expect(slugOf('Ξενώνας')).toBe('main');
    expect(slugOf('a'.repeat(60))).toBe('a'.repeat(40));
  });
});
