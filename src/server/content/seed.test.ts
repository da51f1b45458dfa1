import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentEditor, contentFile, withCleaningFee } from '../../../tests/support/server/content-editor.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import {
  createPostgresSchema,
  createTestDatabase,
  testDbKind,
  type TestDatabase,
} from '../../../tests/support/server/test-database.js';
import { openDatabase, type Db } from '../db/database.js';
import { storedText } from './content-document.js';
import { findVersion, insertVersion } from './content-versions-data.js';
import { loadProperty } from './load-property.js';
import { seedFromFiles } from './seed.js';

// The content folder becomes version 1 once, on the first start, whoever starts first.

const OTHER_HOUSE = 'tests/support/fixtures/other-house';
const apps: TestApp[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const versionsIn = (db: Db) => db.selectFrom('contentVersions').selectAll().orderBy('version').execute();

/** A fresh empty database, and two handles on it, like two servers' pools. */
async function twoHandles(): Promise<[Db, Db]> {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-seed-'));
  const database: TestDatabase = await createTestDatabase(dir);
  const first = await openDatabase(database.url);
  const second = await openDatabase(database.url);
  cleanups.push(async () => {
    await first.destroy();
    await second.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  return [first, second];
}

describe('the first start', () => {
  it('makes the content folder version 1, and a later start on that database keeps the database’s content', async () => {
    const first = await createTestApp();
    apps.push(first);
    const versions = await versionsIn(first.app.db);
    expect(versions).toEqual([
      {
        version: 1,
        content: storedText(loadProperty('content')),
        publishedAt: expect.any(String),
        publishedBy: 'files',
      },
    ]);
    // A second server given another house's folder serves what the database holds.
    const second = await createTestApp({ DATABASE_URL: first.databaseUrl, CONTENT_DIR: OTHER_HOUSE });
    apps.push(second);
    expect(await versionsIn(second.app.db)).toEqual(versions);
    expect(second.app.property).toEqual(loadProperty('content'));
    expect(second.app.content.current().version).toBe(1);
  });

  it('starts from the newest version after a restart, not from the files', async () => {
    const first = await createTestApp();
    apps.push(first);
    const editor = await contentEditor(first.app);
    expect(await editor.publishContent(withCleaningFee(contentFile(), 9900))).toBe(2);
    const again = await createTestApp({ DATABASE_URL: first.databaseUrl });
    apps.push(again);
    expect(again.app.content.current().version).toBe(2);
    expect(again.app.property.pricing?.cleaningFee).toBe(9900);
  });

  it('writes version 1 once when two servers seed at once, and never over another writer’s', async () => {
    const [a, b] = await twoHandles();
    const at = '2026-11-26T10:00:00.000Z';
    const wrote = await Promise.all([seedFromFiles(a, 'content', at), seedFromFiles(b, OTHER_HOUSE, at)]);
    expect(wrote.filter(Boolean)).toHaveLength(1);
    const [only] = await versionsIn(a);
    expect(await versionsIn(b)).toEqual([only]);
    // The primary key, not the read before it, keeps the number once: a late writer is refused.
    const late = { version: 1, content: storedText(loadProperty(OTHER_HOUSE)), publishedAt: at, publishedBy: 'files' };
    expect(await insertVersion(b, late)).toBe(false);
    expect(await findVersion(a, 1)).toEqual(only);
    expect(await seedFromFiles(b, OTHER_HOUSE, at)).toBe(false);
  });

  // Two servers share a database only on PostgreSQL: the test exists in that project alone, rather
  // than showing as skipped in the SQLite one.
  if (testDbKind() === 'postgres')
    it('makes exactly one version 1 when two servers start at once on one PostgreSQL database', async () => {
      const database = await createPostgresSchema(process.env.TEST_DATABASE_URL ?? '');
      cleanups.push(database.drop);
      const started = await Promise.all([
        createTestApp({ DATABASE_URL: database.url }),
        createTestApp({ DATABASE_URL: database.url, CONTENT_DIR: OTHER_HOUSE }),
      ]);
      apps.push(...started);
      const versions = await versionsIn(started[0].app.db);
      expect(versions.map((v) => v.version)).toEqual([1]);
      // Both serve that one version, whichever folder it came from.
      expect(started[1].app.property).toEqual(started[0].app.property);
      expect(started.map((s) => s.app.content.current().version)).toEqual([1, 1]);
    });
});
