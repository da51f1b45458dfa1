import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { createTestDatabase, testDbKind } from '../../../tests/support/server/test-database.js';
import { openDatabase } from './database.js';
import { migrations } from './migrations/index.js';

// A database made by each release (tests/support/fixtures/releases/VERSION.sql: its schema,
// migrations' record and rows, written by scripts/release-fixture.ts from a site that release ran)
// migrates to this version's schema at start, with its data intact, on either database.

const RELEASES = { '0.1.0': '0018-guest-registrations', '0.2.0': '0026-invoice-documents' } as const;
type Release = keyof typeof RELEASES;
const fixture = (release: Release) =>
  join(import.meta.dirname, `../../../tests/support/fixtures/releases/${release}.sql`);
/** Rows of the release's running server, not its data: its leases, sessions and counters. */
const NOT_DATA = new Set(['kysely_migration', 'kysely_migration_lock', 'job_leases', 'admin_sessions', 'rate_limits']);

/** The release's database as a SQLite file at `file`. */
function releaseSqlite(release: Release, file: string) {
  const db = new Database(file);
  db.exec(readFileSync(fixture(release), 'utf8'));
  return db;
}

/** On PostgreSQL: the release's schema, made by its migrations, and the release's rows copied in. */
async function releasePostgres(release: Release, url: string, dir: string) {
  const db = await openDatabase(url, { migrate: false, poolSize: 1 });
  try {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
    const migrator = new Migrator({
      db,
      migrationTableSchema: schema,
      provider: { getMigrations: async () => migrations },
    });
    const { error } = await migrator.migrateTo(RELEASES[release]);
    if (error) throw error;
    const source = releaseSqlite(release, join(dir, `release-${release}.sqlite`));
    const tables = source
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by rowid")
      .all() as { name: string }[];
    for (const { name } of tables.filter((t) => !NOT_DATA.has(t.name))) {
      const rows = source.prepare(`select * from "${name}"`).all() as Record<string, unknown>[];
      // The release's tables by their SQL names, which this version's schema type need not know.
      for (const row of rows)
        await db
          .insertInto(name as never)
          .values(row as never)
          .execute();
    }
    source.close();
  } finally {
    await db.destroy();
  }
}

/** The app started on a database the release left, and the owner logged in. */
async function upgradedSite(release: Release, dir: string) {
  // An empty database of the run's kind, filled as the release left it.
  mkdirSync(join(dir, release));
  const database = await createTestDatabase(join(dir, release));
  if (testDbKind() === 'sqlite') releaseSqlite(release, database.url.slice('file:'.length)).close();
  else await releasePostgres(release, database.url, dir);
  const site = await createTestApp({ DATABASE_URL: database.url, SUBMISSIONS_PER_WINDOW: '100' });
  const close = site.close;
  site.close = async () => {
    await close();
    await database.drop();
  };
  return { site, cookie: await login(site.app) };
}

let site: TestApp;
let cookie: string;
const dir = mkdtempSync(join(tmpdir(), 'estadia-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const owner = (url: string) => site.app.inject({ url, headers: { cookie, origin: 'http://estadia.test' } });

describe('a database of release 0.1.0', () => {
  beforeAll(async () => ({ site, cookie } = await upgradedSite('0.1.0', dir)), 120_000);
  afterAll(async () => site?.close());

  it("migrates to this version at start, and its booking, its nights, the owner's block, the review and the inquiry are as they were", async () => {
    const applied = await site.app.db
      .selectFrom('kyselyMigration' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((r) => (r as { name: string }).name)).toEqual(Object.keys(migrations));

    const booking = await owner('/api/admin/bookings/MJHA-HE');
    expect(booking.statusCode).toBe(200);
    expect(booking.json()).toMatchObject({
      code: 'MJHA-HE',
      status: 'confirmed',
      checkIn: '2027-05-10',
      checkOut: '2027-05-14',
      name: 'Ana Silva',
      paymentMethod: 'bank_transfer',
      totalCents: 54_600,
      paidCents: 16_380,
    });
    const blocks = (await owner('/api/admin/blocks?limit=100')).json().items;
    expect(blocks).toEqual([
      expect.objectContaining({
        start: '2027-05-10',
        end: '2027-05-14',
        booking: expect.objectContaining({ code: 'MJHA-HE' }),
      }),
      expect.objectContaining({ start: '2027-06-01', end: '2027-06-03', note: 'Painting', booking: null }),
    ]);
    const reviews = (await owner('/api/admin/reviews?status=all')).json().items;
    expect(reviews).toEqual([expect.objectContaining({ clientName: 'Maria', rating: 5 })]);
    const inquiries = (await owner('/api/admin/inquiries')).json().items;
    expect(inquiries).toEqual([expect.objectContaining({ name: 'Tom', email: 'tom@example.com' })]);
    // The site still takes bookings on the migrated data: the release's nights stay taken.
    const taken = await site.app.inject({
      method: 'POST',
      url: '/api/admin/blocks',
      headers: { cookie, origin: 'http://estadia.test' },
      ...json({ start: '2027-05-12', end: '2027-05-13' }),
    });
    expect(taken.statusCode).toBe(409);
  });

  it("takes inquiries, not bookings, until the owner publishes the contract's other party (legal.owner), which the release did not ask for", async () => {
    const options = (await site.app.inject({ url: '/api/booking/options?locale=en' })).json();
    expect(options.mode).toBe('inquiry');
    const booking = await site.app.inject({
      method: 'POST',
      url: '/api/bookings',
      ...json({
        checkIn: '2027-09-13',
        checkOut: '2027-09-16',
        guests: 2,
        name: 'Ana Silva',
        email: 'ana@example.com',
        country: 'DE',
        locale: 'en',
        paymentMethod: 'bank_transfer',
        acceptTerms: true,
      }),
    });
    expect(booking.statusCode).toBe(503);
    expect(booking.json().error.code).toBe('payments_unavailable');
  });
});

describe('a database of release 0.2.0', () => {
  beforeAll(async () => ({ site, cookie } = await upgradedSite('0.2.0', dir)), 120_000);
  afterAll(async () => site?.close());

  it("migrates to this version at start, and its guest's booking, the owner's platform and phone stays, block, review and inquiry are as they were", async () => {
    const applied = await site.app.db
      .selectFrom('kyselyMigration' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((r) => (r as { name: string }).name)).toEqual(Object.keys(migrations));

    const booking = await owner('/api/admin/bookings/ZNY2-Q9');
    expect(booking.statusCode).toBe(200);
    expect(booking.json()).toMatchObject({
      code: 'ZNY2-Q9',
      status: 'confirmed',
      checkIn: '2027-05-10',
      checkOut: '2027-05-14',
      name: 'Beatriz Costa',
      paymentMethod: 'bank_transfer',
      paidCents: 16_380,
      // The terms the guest accepted under 0.2.0 still decide the refunds (decision 0035).
      terms: expect.objectContaining({ locale: 'pt-PT', depositPercent: 30 }),
    });
    for (const [code, channel, checkIn] of [
      ['GJKG-8Y', 'airbnb', '2027-06-07'],
      ['N9KX-ZG', 'phone', '2027-07-05'],
    ] as const) {
      const stay = await owner(`/api/admin/bookings/${code}`);
      expect(stay.statusCode, code).toBe(200);
      expect(stay.json()).toMatchObject({ code, channel, checkIn });
    }
    const blocks = (await owner('/api/admin/blocks?limit=100')).json().items as Array<Record<string, unknown>>;
    expect(blocks).toContainEqual(
      expect.objectContaining({ start: '2027-08-02', end: '2027-08-05', note: 'Garden works', booking: null }),
    );
    expect(blocks.filter((b) => b.booking)).toHaveLength(3);
    const reviews = (await owner('/api/admin/reviews?status=all')).json().items;
    expect(reviews).toEqual([expect.objectContaining({ clientName: 'Helga', rating: 5 })]);
    const inquiries = (await owner('/api/admin/inquiries')).json().items;
    expect(inquiries).toEqual([expect.objectContaining({ name: 'Paul', email: 'paul@example.com' })]);
    // The phone stay's nights stay taken on the migrated data.
    const taken = await site.app.inject({
      method: 'POST',
      url: '/api/admin/blocks',
      headers: { cookie, origin: 'http://estadia.test' },
      ...json({ start: '2027-07-06', end: '2027-07-07' }),
    });
    expect(taken.statusCode).toBe(409);
  });

  it("makes the release's house the first house, named as its published content, on SITE_URL's host, and serves it there (decision 0071)", async () => {
    const houses = (await owner('/api/admin/houses')).json().items;
    expect(houses).toEqual([
      expect.objectContaining({
        slug: 'casa-do-lago',
        name: 'Casa do Lago',
        status: 'active',
        hosts: expect.arrayContaining([{ host: 'estadia.test', canonical: true }]),
        paymentAccount: 'default',
      }),
    ]);
    const options = await site.app.inject({ url: '/api/booking/options?locale=en', headers: { host: 'estadia.test' } });
    expect(options.statusCode).toBe(200);
    expect(options.json().mode).toBe('instant');
  });
});
