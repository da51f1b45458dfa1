import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, json, login, TEST_PASSWORD, type TestApp } from '../../../tests/support/server/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database.js';
import { twoColours, upload } from '../../../tests/support/server/photo-files.js';
import { uploadedImages } from '../photos/manifest.js';

// The source is always a SQLite file, as on a site that outgrew it; the target is the database of
// the run: another SQLite file, or a PostgreSQL schema in the PostgreSQL run.
const ROOT = join(import.meta.dirname, '../../..');

function dbCopy(from: string, to: string) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'scripts/db-copy.ts'), '--from', from, '--to', to],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
}

let source: TestApp;
let target: TestDatabase;
let cleanup: (() => Promise<void>)[] = [];
beforeEach(async () => {
  source = await createTestApp({ SUBMISSIONS_PER_WINDOW: '1000' });
  const sourceUrl = `file:${join(source.dir, 'source.sqlite')}`;
  await source.close();
  source = await createTestApp({ DATABASE_URL: sourceUrl, SUBMISSIONS_PER_WINDOW: '1000' });
  target = await createTestDatabase(source.dir);
  cleanup = [() => source.close(), () => target.drop()];
});
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function seed(app: TestApp['app']): Promise<string> {
  for (let i = 0; i < 450; i++) {
    await app.inject({
      method: 'POST',
      url: '/api/reviews',
      ...json({ clientName: `Guest ${i}`, rating: 1 + (i % 5), comment: `Stay number ${i}, lovely.` }),
    });
  }
  for (let i = 0; i < 30; i++) {
    await app.inject({
      method: 'POST',
      url: '/api/inquiries',
      ...json({ name: `Guest ${i}`, email: `g${i}@example.com`, message: 'Is July free?' }),
    });
  }
  const cookie = await login(app);
  const pending = (
    await app.inject({ method: 'GET', url: '/api/admin/reviews?status=pending', headers: { cookie } })
  ).json<{ items: { id: string }[] }>();
  for (const { id } of pending.items.slice(0, 10)) {
    await app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${id}/approve`,
      headers: { cookie, origin: 'http://estadia.test' },
    });
  }
  return cookie;
}

// Each test spawns the copy in a child process (up to 60 s on a busy machine), so the test's own
// limit is above that rather than the default 20 s.
describe('npm run db:copy', { timeout: 90_000 }, () => {
  it('moves every row, verified by row counts, and the site works on the copy', async () => {
    const cookie = await seed(source.app);
    const before = await source.app.inject('/api/reviews?limit=50');
    // A photo's variants are bytes: BLOB here, BYTEA on PostgreSQL.
    const uploaded = await upload(source.app, cookie, [
      { name: 'a.jpg', bytes: await twoColours(500, 300).jpeg().toBuffer() },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const photoUrls = Object.values(await uploadedImages(source.app.db)).flatMap((i) => [...i.avif, ...i.jpeg]);
    const photoBytes = await Promise.all(photoUrls.map(async ({ url }) => (await source.app.inject(url)).rawPayload));
    await source.app.close();

    const result = dbCopy(source.databaseUrl, target.url);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/reviews\s+450 rows/);
    expect(result.stdout).toMatch(/inquiries\s+30 rows/);
    expect(result.stdout).toMatch(/admin_sessions\s+1 row\n/);
    expect(result.stdout).toMatch(/photo_variants\s+3 rows/);
    expect(result.stdout).toContain('every table has the same number of rows');

    const moved = await createTestApp({ DATABASE_URL: target.url });
    cleanup.push(() => moved.app.close());
    expect((await moved.app.inject('/api/reviews?limit=50')).json()).toEqual(before.json());
    expect(photoUrls).toHaveLength(2);
    for (const [i, { url }] of photoUrls.entries())
      expect((await moved.app.inject(url)).rawPayload.equals(photoBytes[i] as Buffer), url).toBe(true);
    // The same administrator password, and even the same session, work on the new database.
    expect(
      (await moved.app.inject({ method: 'GET', url: '/api/admin/inquiries', headers: { cookie } })).json().items,
    ).toHaveLength(30);
    expect(
      (await moved.app.inject({ method: 'POST', url: '/api/admin/login', ...json({ password: TEST_PASSWORD }) }))
        .statusCode,
    ).toBe(204);
  });

  it('refuses to write into a database that already has data, and changes nothing there', async () => {
    await seed(source.app);
    await source.app.close();
    const other = await createTestApp({ DATABASE_URL: target.url });
    await other.app.inject({
      method: 'POST',
      url: '/api/reviews',
      ...json({ clientName: 'Already here', rating: 5, comment: 'The only review.' }),
    });
    await other.app.close();

    const result = dbCopy(source.databaseUrl, target.url);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^db:copy failed: The target database is not empty \(reviews has 1 row(, [a-z_]+ has \d+ rows?)*\); nothing was copied\n$/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);

    const after = await createTestApp({ DATABASE_URL: target.url, LOG_LEVEL: 'silent' });
    cleanup.push(() => after.app.close());
    expect(await after.app.db.selectFrom('reviews').select('clientName').execute()).toEqual([
      { clientName: 'Already here' },
    ]);
  });

  it('refuses a source that does not exist instead of copying an empty database', async () => {
    const result = dbCopy(`file:${join(source.dir, 'missing.sqlite')}`, target.url);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`There is no database at ${join(source.dir, 'missing.sqlite')}`);
  });
});
