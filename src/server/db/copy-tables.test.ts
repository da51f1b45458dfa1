import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../../tests/support/server/test-database.js';
import { NOT_COPIED, TABLES } from './copy.js';
import { type Db, openDatabase } from './database.js';

// A table a new migration adds must be copied by db:copy, or be named as not copied with a reason.

let dir: string;
let database: TestDatabase;
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-tables-'));
  database = await createTestDatabase(dir);
  db = await openDatabase(database.url);
});
afterEach(async () => {
  await db.destroy();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function migratedTables(): Promise<string[]> {
  const query =
    testDbKind() === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`;
  const { rows } = await query.execute(db);
  // Kysely's migrator keeps its own bookkeeping, which openDatabase writes on any database.
  return rows
    .map((r) => r.name)
    .filter((name) => !name.startsWith('kysely_migration'))
    .sort();
}

describe('db:copy', () => {
  it('copies every table the migrations create, but the ones it names as not worth copying', async () => {
    const tables = await migratedTables();
    expect(tables.length).toBeGreaterThan(5);
    expect(tables).toEqual([...TABLES, ...NOT_COPIED].sort());
  });
});
