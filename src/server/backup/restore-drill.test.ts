import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoColours, upload } from '../../../tests/support/server/photo-files.js';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { confirmedBooking, GERMAN_GUEST, SIBA_LEGAL } from '../../../tests/support/server/registration-site.js';
import { createTestApp, json, login, TEST_DATA_KEY, type TestApp } from '../../../tests/support/server/test-app.js';
import { testDbKind } from '../../../tests/support/server/test-database.js';
import { codeSchemaVersion, type Db } from '../db/database.js';
import { PRIMARY_KEYS } from '../db/copy.js';
import { uploadedImages } from '../photos/manifest.js';

// The restore drill: a site with data in its tables (bookings paid and unpaid, their payments, the
// guests' registrations with their sealed documents, reviews, inquiries, an uploaded photo and its
// variants, content versions, the session, the key check) is backed up by `npm run backup` in
// another process while rows are written, restored by `npm run restore` into a fresh database,
// compared table by table and row by row, and served again; with another DATA_ENCRYPTION_KEY
// the restored site does not start.

const ROOT = join(import.meta.dirname, '../../..');
const pexec = promisify(execFile);
const script = (name: string, args: string[], env: Record<string, string>) =>
  pexec(process.execPath, ['--import', 'tsx', join(ROOT, `scripts/${name}.ts`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_ENCRYPTION_KEY: TEST_DATA_KEY, ...env },
    timeout: 90_000,
  });

let source: TestApp & { clock: TestClock };
let dir: string;
let backups: string;
let restoredUrl: string;
const cleanup: Array<() => Promise<void>> = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-drill-'));
  backups = join(dir, 'backups');
  source = await createBookingSite({
    content: { legal: SIBA_LEGAL },
    env: { SUBMISSIONS_PER_WINDOW: '1000', BACKUP_DIR: backups },
  });
  cleanup.push(() => source.close());
  restoredUrl = await freshDatabase(source.databaseUrl);
}, 60_000);
// PostgreSQL's DROP DATABASE forces an immediate checkpoint, which waits for every dirty buffer
// of the whole cluster: under the full suite's writes that has taken longer than the 30 s default.
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  rmSync(dir, { recursive: true, force: true });
}, 180_000);

/** An empty database of the run's engine: a new SQLite file, or a new PostgreSQL database. */
async function freshDatabase(sourceUrl: string): Promise<string> {
  if (testDbKind() === 'sqlite') return `file:${join(dir, 'restored.sqlite')}`;
  const name = `estadia_drill_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanup.push(async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function rows(db: Db, table: keyof typeof PRIMARY_KEYS) {
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} order by ${sql.ref(PRIMARY_KEYS[table])}`.execute(db.withoutPlugins());
  return rows;
}

describe('the restore drill', { timeout: 180_000 }, () => {
  it('restores a backup made during writes into a fresh database, row for row, and the site serves it', async () => {
    const app = source.app;
    for (let i = 0; i < 40; i++)
      await app.inject({
        method: 'POST',
        url: '/api/reviews',
        ...json({ clientName: `Guest ${i}`, rating: 5, comment: `Stay ${i}, lovely.` }),
      });
    for (let i = 0; i < 10; i++)
      await app.inject({
        method: 'POST',
        url: '/api/inquiries',
        ...json({ name: `Guest ${i}`, email: `g${i}@example.com`, message: 'Is July free?' }),
      });
    const cookie = await login(app);
    const pending = (
      await app.inject({ method: 'GET', url: '/api/admin/reviews?status=pending', headers: { cookie } })
    ).json<{ items: { id: string }[] }>();
    for (const { id } of pending.items.slice(0, 5))
      await app.inject({
        method: 'POST',
        url: `/api/admin/reviews/${id}/approve`,
        headers: { cookie, origin: 'http://estadia.test' },
      });
    expect(
      (await upload(app, cookie, [{ name: 'a.jpg', bytes: await twoColours(400, 300).jpeg().toBuffer() }])).statusCode,
    ).toBe(200);
    // Three stays paid by transfer (a payment each) and one awaiting its transfer; then, inside
    // the check-in window, each paid stay's first guest registers with a sealed document.
    source.clock.set(Date.UTC(2027, 0, 10, 10));
    const paid: Array<Awaited<ReturnType<typeof confirmedBooking>>> = [];
    for (const [checkIn, checkOut] of [
      ['2027-05-20', '2027-05-22'],
      ['2027-05-23', '2027-05-26'],
      ['2027-05-27', '2027-05-29'],
    ])
      paid.push(await confirmedBooking(app, cookie, { checkIn, checkOut }));
    expect(
      (await book(app, { checkIn: '2027-06-01', checkOut: '2027-06-04', paymentMethod: 'bank_transfer' })).status,
    ).toBe(201);
    source.clock.set(Date.UTC(2027, 4, 19, 10));
    for (const [i, booking] of paid.entries()) {
      const guest = await app.inject({
        method: 'PUT',
        url: booking.guestsPath(1),
        ...json({ ...GERMAN_GUEST, documentNumber: `C01X00T4${i}` }),
      });
      expect(guest.statusCode, guest.body).toBe(200);
    }
    const sealed = await app.db.selectFrom('guestRegistrations').selectAll().execute();
    expect(sealed).toHaveLength(3);
    for (const row of sealed) {
      expect(row.documentNumberSealed).toBeTruthy();
      expect(row.documentNumberSealed).not.toContain('C01X00T4');
      expect(row.birthDateSealed).not.toContain(GERMAN_GUEST.birthDate);
    }
    const before = Object.fromEntries(
      await Promise.all(
        Object.keys(PRIMARY_KEYS).map(
          async (t) => [t, (await rows(app.db, t as keyof typeof PRIMARY_KEYS)).length] as const,
        ),
      ),
    );
    expect(before.photo_variants).toBeGreaterThan(0);
    expect(before.bookings).toBe(4);
    expect(before.payments).toBe(3);
    expect(before.guest_registrations).toBe(3);

    // Rows written straight into the table while the other process copies.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await app.db
          .insertInto('reviews')
          .values({
            id: `w-${written}`,
            clientName: 'During',
            rating: 4,
            comment: 'Written during the backup.',
            isApproved: 0,
            createdAt: new Date().toISOString(),
          })
          .execute();
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const backup = await script('backup', [], { DATABASE_URL: source.databaseUrl, BACKUP_DIR: backups });
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);
    const [file] = readdirSync(backups);
    expect(backup.stdout).toContain(`Backed up to ${join(backups, file!)}`);
    expect(file).toMatch(
      new RegExp(`^estadia-\\d{8}T\\d{6}Z-schema-${String(codeSchemaVersion()).padStart(4, '0')}\\.(sqlite|pgdump)$`),
    );

    const restore = await script('restore', [join(backups, file!)], { DATABASE_URL: restoredUrl });
    expect(restore.stdout).toContain(`(schema version ${codeSchemaVersion()})`);
    const again = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/restore.ts'), join(backups, file!)],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DATABASE_URL: restoredUrl },
        encoding: 'utf8',
        timeout: 90_000,
      },
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/is not empty \(\d+ tables\): restore into an empty one, or add --force/);

    const restored = await createTestApp({ DATABASE_URL: restoredUrl }, { now: source.clock.now });
    cleanup.push(() => restored.app.close());
    for (const table of Object.keys(PRIMARY_KEYS) as Array<keyof typeof PRIMARY_KEYS>) {
      const copy = await rows(restored.app.db, table);
      const now = await rows(app.db, table);
      const key = PRIMARY_KEYS[table];
      const byKey = new Map(now.map((row) => [String(row[key]), row]));
      for (const row of copy) expect(row, `${table} ${String(row[key])}`).toEqual(byKey.get(String(row[key])));
      if (table === 'reviews') {
        expect(copy.length).toBeGreaterThanOrEqual(before.reviews!);
        expect(copy.length).toBeLessThanOrEqual(now.length);
      } else expect(copy.length, table).toBe(now.length);
    }
    expect((await restored.app.inject('/api/reviews?limit=50')).json()).toEqual(
      (await app.inject('/api/reviews?limit=50')).json(),
    );
    const photos = Object.values(await uploadedImages(app.db)).flatMap((i) => [...i.avif, ...i.jpeg]);
    for (const { url } of photos)
      expect((await restored.app.inject(url)).rawPayload.equals((await app.inject(url)).rawPayload), url).toBe(true);
    // The sealed documents open with the same key on the restored copy: the bulletin holds them.
    const owner = await login(restored.app);
    for (const [i, booking] of paid.entries()) {
      const bulletin = await restored.app.inject({
        url: `/api/admin/registrations/${booking.code}/siba.xml?movement=arrival`,
        headers: { cookie: owner },
      });
      expect(bulletin.statusCode, bulletin.body).toBe(200);
      expect(bulletin.body).toContain(`C01X00T4${i}`);
      expect(bulletin.body).toContain(GERMAN_GUEST.birthDate);
    }
    const sourceOwner = await login(app);
    const bookingAnswer = (site: TestApp, session: string) =>
      site.app.inject({ url: `/api/admin/bookings/${paid[1]!.code}`, headers: { cookie: session } });
    const [was, is] = [await bookingAnswer(source, sourceOwner), await bookingAnswer(restored, owner)];
    expect(is.statusCode, is.body).toBe(200);
    expect(is.json()).toEqual(was.json());
    await restored.app.close();

    await expect(
      createTestApp({ DATABASE_URL: restoredUrl, DATA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64') }),
    ).rejects.toThrow("DATA_ENCRYPTION_KEY: is not the key this database's guest data was encrypted with");
  });
});
