import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Which database the tests run on: the vitest project (vitest.config.ts) or the Playwright
 * project (test-fixtures.ts) sets ESTADIA_TEST_DB. Read at each call, since a Playwright worker
 * learns its project only once its fixtures start.
 */
export const testDbKind = (): 'sqlite' | 'postgres' =>
  process.env.ESTADIA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  /** DATABASE_URL for the server. */
  url: string;
  /** Removes the database; a no-op for SQLite, whose folder the caller deletes. */
  drop: () => Promise<void>;
}

/**
 * A fresh, empty database: a SQLite file in `dir`, or on PostgreSQL a schema of its own in
 * TEST_DATABASE_URL (chosen through the connection's search_path), dropped afterwards.
 */
export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  if (testDbKind() === 'sqlite') return { url: `file:${join(dir, 'test.sqlite')}`, drop: async () => undefined };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('ESTADIA_TEST_DB=postgres needs TEST_DATABASE_URL');
  return createPostgresSchema(base);
}

/** A schema of its own in the PostgreSQL database at `base`, and the URL that uses it. */
export async function createPostgresSchema(base: string): Promise<TestDatabase> {
  const schema = `estadia_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => adminQuery(base, `drop schema if exists ${schema} cascade`) };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
