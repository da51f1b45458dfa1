import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresSchema, testDbKind, type TestDatabase } from '../../../tests/support/server/test-database.js';
import { DatabaseStartError, openDatabase } from './database.js';
import { describeDatabase } from './dialect.js';

describe('openDatabase', () => {
  it('names an unreachable PostgreSQL server without its password, and gives up within seconds', async () => {
    const started = Date.now();
    const opening = openDatabase('postgres://estadia:s3cret-pass@127.0.0.1:1/estadia');
    await expect(opening).rejects.toThrow(DatabaseStartError);
    const message = await opening.catch((error: Error) => error.message);
    expect(message).toMatch(/^Cannot prepare the PostgreSQL database estadia at 127\.0\.0\.1:1: .*ECONNREFUSED/);
    expect(message).not.toContain('s3cret-pass');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('describes each kind of database for messages', () => {
    expect(describeDatabase('file:./data/estadia.sqlite')).toBe('the SQLite database at ./data/estadia.sqlite');
    expect(describeDatabase('postgresql://u:p@db.internal/estadia')).toBe(
      'the PostgreSQL database estadia at db.internal:5432',
    );
  });
});

// Kysely's migrator looks for its own table by reading the columns of every table in every
// schema, so another user of the database who drops a column, a table or a schema meanwhile
// fails that read. openDatabase takes such an error for the passing race it is and migrates
// again: several servers, and test runs, share one PostgreSQL database
// (docs/decisions/0001-sqlite-default-postgres-for-several-servers.md).

const base = process.env.TEST_DATABASE_URL ?? '';
const OPENS = 8;
const CHURN_ROUNDS = 400;

/** Creates and takes apart tables in a schema of its own, as fast as it can, until stopped. */
async function churn(stop: () => boolean): Promise<number> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  const schema = `estadia_churn_${randomBytes(6).toString('hex')}`;
  let rounds = 0;
  try {
    await client.query(`create schema ${schema}`);
    while (!stop() && rounds < CHURN_ROUNDS) {
      await client.query(`create table ${schema}.t${rounds} (a int, b int, c serial)`);
      await client.query(`alter table ${schema}.t${rounds} drop column b`);
      await client.query(`drop table ${schema}.t${rounds}`);
      rounds += 1;
    }
  } finally {
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
  return rounds;
}

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

if (testDbKind() === 'postgres')
  describe('openDatabase on a PostgreSQL database others are changing', () => {
    it('migrates every fresh schema while another connection drops columns, tables and schemas', async () => {
      let opened = 0;
      const churning = churn(() => opened === OPENS);
      for (let i = 0; i < OPENS; i += 1) {
        const database = await createPostgresSchema(base);
        databases.push(database);
        const db = await openDatabase(database.url);
        await db.destroy();
        opened += 1;
      }
      // The churn ran alongside the migrations, not before or after them.
      expect(await churning).toBeGreaterThan(0);
      expect(opened).toBe(OPENS);
    }, 60_000);
  });
