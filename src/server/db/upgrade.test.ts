import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { createTestDatabase, testDbKind } from '../../../tests/support/server/test-database.js';
import { openDatabase } from './database.js';
import { migrations } from './migrations/index.js';

// A database made by the last release (tests/support/fixtures/releases/0.1.0.sql: its schema,
// migrations' record and rows, written by scripts/release-fixture.ts from a site that release ran)
// migrates to this version's schema at start, with its data intact, on either database.

const RELEASE = '0.1.0';
const RELEASE_LAST_MIGRATION = '0018-guest-registrations';
const FIXTURE = join(import.meta.dirname, `../../../tests/support/fixtures/releases/${RELEASE}.sql`);
/** Rows of the release's running server, not its data: its leases, sessions and counters. */
const NOT_DATA = new Set(['kysely_migration', 'kysely_migration_lock', 'job_leases', 'admin_sessions', 'rate_limits']);

/** The release's database as a SQLite file at `file`. */
function releaseSqlite(file: string) {
  const db = new Database(file);
  db.exec(readFileSync(FIXTURE, 'utf8'));
  return db;
}

/** On PostgreSQL: the release's schema, made by its migrations, and the release's rows copied in. */
async function releasePostgres(url: string, dir: string) {
  const db = await openDatabase(url, { migrate: false, poolSize: 1 });
  try {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
    const migrator = new Migrator({
      db,
      migrationTableSchema: schema,
      provider: { getMigrations: async () => migrations },
    });
    const { error } = await migrator.migrateTo(RELEASE_LAST_MIGRATION);
    if (error) throw error;
    const source = releaseSqlite(join(dir, 'release.sqlite'));
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

let site: TestApp;
let cookie: string;
const dir = mkdtempSync(join(tmpdir(), 'estadia-upgrade-'));

beforeAll(async () => {
  // An empty database of the run's kind, filled as the release left it.
  const database = await createTestDatabase(dir);
  if (testDbKind() === 'sqlite') releaseSqlite(database.url.slice('file:'.length)).close();
  else await releasePostgres(database.url, dir);
  site = await createTestApp({ DATABASE_URL: database.url, SUBMISSIONS_PER_WINDOW: '100' });
  const close = site.close;
  site.close = async () => {
    await close();
    await database.drop();
  };
  cookie = await login(site.app);
}, 120_000);
afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

const owner = (url: string) => site.app.inject({ url, headers: { cookie, origin: 'http://estadia.test' } });

describe(`a database of release ${RELEASE}`, () => {
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
