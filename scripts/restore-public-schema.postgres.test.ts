import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIMARY_KEYS } from '../src/server/db/copy.js';
import { codeSchemaVersion } from '../src/server/db/database.js';
import { createTestApp, json, TEST_DATA_KEY, type TestApp } from '../tests/support/server/test-app.js';

// The owner's usual PostgreSQL: the site's tables in the `public` schema of a database of its own
// (DATABASE_URL without a search_path). `npm run backup` of it, and `npm run restore` into a new
// database made with `createdb`, which has a `public` schema of its own already
// (docs/deploying.md#backups). Two throw-away databases on the test server, dropped afterwards.

const ROOT = join(import.meta.dirname, '..');
const pexec = promisify(execFile);
const script = (name: string, args: string[], env: Record<string, string>) =>
  pexec(process.execPath, ['--import', 'tsx', join(ROOT, `scripts/${name}.ts`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_ENCRYPTION_KEY: TEST_DATA_KEY, ...env },
    timeout: 90_000,
  });

const base = process.env.TEST_DATABASE_URL;
const made: string[] = [];
let dir: string;
let site: TestApp;
let siteUrl: string;
let restoredUrl: string;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new database on the test server, as `createdb` makes it, and its URL (no search_path). */
async function newDatabase(): Promise<string> {
  const name = `estadia_public_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  made.push(name);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  url.search = '';
  return url.toString();
}

beforeAll(async () => {
  if (!base) throw new Error('this test restores into PostgreSQL: set TEST_DATABASE_URL (.ci/run does)');
  dir = mkdtempSync(join(tmpdir(), 'estadia-public-'));
  siteUrl = await newDatabase();
  restoredUrl = await newDatabase();
  site = await createTestApp({ DATABASE_URL: siteUrl, SUBMISSIONS_PER_WINDOW: '1000' });
}, 60_000);

afterAll(async () => {
  await site?.close();
  for (const name of made) await admin(`drop database if exists ${name} with (force)`);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a backup of the public schema', { timeout: 120_000 }, () => {
  it('restores into a fresh database, row for row, and the site serves it', async () => {
    const { app } = site;
    const schema = await sql<{ s: string }>`select current_schema() as s`.execute(app.db);
    expect(schema.rows[0]?.s).toBe('public');
    for (let i = 0; i < 5; i++) {
      const review = await app.inject({
        method: 'POST',
        url: '/api/reviews',
        ...json({ clientName: `Guest ${i}`, rating: 5, comment: `Stay ${i}, lovely.` }),
      });
      expect(review.statusCode).toBe(201);
    }
    const backups = join(dir, 'backups');
    await script('backup', [], { DATABASE_URL: siteUrl, BACKUP_DIR: backups });
    const [file] = readdirSync(backups);
    expect(file).toMatch(/\.pgdump$/);

    const restore = await script('restore', [join(backups, file!)], { DATABASE_URL: restoredUrl });
    expect(restore.stdout).toContain(`(schema version ${codeSchemaVersion()})`);

    // Into another schema it is refused, before anything is written: the site would not find it.
    const elsewhere = new URL(restoredUrl);
    elsewhere.searchParams.set('options', '-c search_path=elsewhere');
    await expect(script('restore', [join(backups, file!)], { DATABASE_URL: elsewhere.toString() })).rejects.toThrow(
      `the backup holds the schema "public", but DATABASE_URL's search_path names "elsewhere"`,
    );

    const restored = await createTestApp({ DATABASE_URL: restoredUrl });
    try {
      for (const table of Object.keys(PRIMARY_KEYS) as Array<keyof typeof PRIMARY_KEYS>) {
        const read = (db: typeof app.db) =>
          sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.ref(PRIMARY_KEYS[table])}`
            .execute(db.withoutPlugins())
            .then((r) => r.rows);
        expect(await read(restored.app.db), table).toEqual(await read(app.db));
      }
      const reviews = await restored.app.inject('/api/reviews?limit=50');
      expect(reviews.statusCode).toBe(200);
      expect(reviews.json()).toEqual((await app.inject('/api/reviews?limit=50')).json());
      const restoredSchema = await sql<{ s: string }>`select current_schema() as s`.execute(restored.app.db);
      expect(restoredSchema.rows[0]?.s).toBe('public');
    } finally {
      await restored.app.close();
    }
  });
});
