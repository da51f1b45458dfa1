import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database.js';
import { readStored } from '../content/content-document.js';
import { createDialect, databaseKind } from './dialect.js';
import { migrations } from './migrations/index.js';
import { UNNAMED_MUNICIPALITY } from './migrations/0027-municipality-and-kept-stays.js';
import type { Database } from './schema.js';

// Migration 0027 gives release 0.1's stored two-field tourist tax a municipality, so every stored
// version and the draft still read under the schema that requires one
// (docs/decisions/0041-a-tourist-tax-names-its-municipality.md).

let dir: string;
let database: TestDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-municipality-migration-'));
  database = await createTestDatabase(dir);
  db = new Kysely<Database>({
    dialect: createDialect(database.url, { poolSize: 2, onPoolError: () => undefined }),
    plugins: [new CamelCasePlugin()],
  });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function migrate(only: (name: string) => boolean): Promise<void> {
  const schema =
    databaseKind(database.url) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const chosen = Object.fromEntries(Object.entries(migrations).filter(([name]) => only(name)));
  const { error } = await new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => chosen },
  }).migrateToLatest();
  if (error) throw error;
}

const demo = JSON.parse(readFileSync('content/property.json', 'utf8')) as { pricing: object };
const withTax = (touristTax?: object) =>
  JSON.stringify({ ...demo, pricing: { ...demo.pricing, ...(touristTax ? { touristTax } : {}) } });

it('names the municipality of a stored two-field rule as unnamed, and leaves a named rule and no rule as they were', async () => {
  await migrate((name) => name < '0027');
  const stored = [
    withTax({ perGuestPerNight: 200, maxNights: 7 }),
    withTax({ municipality: 'Sintra', perGuestPerNight: 200, maxNights: 3 }),
    withTax(),
  ];
  await db
    .insertInto('contentVersions')
    .values(
      stored.map((content, i) => ({
        version: i + 1,
        content,
        publishedAt: '2027-01-01T09:00:00.000Z',
        publishedBy: 'admin',
      })),
    )
    .execute();
  await db
    .insertInto('contentDraft')
    .values({
      id: 'draft',
      baseVersion: 3,
      token: '3.1',
      content: withTax({ perGuestPerNight: 150 }),
      updatedAt: '2027-01-02T09:00:00.000Z',
      updatedBy: 'admin',
    })
    .execute();
  expect(() => readStored(stored[0]!, 'version 1')).toThrow(/pricing\.touristTax\.municipality/);

  await migrate(() => true);
  const versions = await db.selectFrom('contentVersions').select(['version', 'content']).orderBy('version').execute();
  const rules = versions.map((v) => readStored(v.content, `version ${v.version}`).pricing?.touristTax);
  expect(rules).toEqual([
    { municipality: UNNAMED_MUNICIPALITY, perGuestPerNight: 200, maxNights: 7 },
    { municipality: 'Sintra', perGuestPerNight: 200, maxNights: 3 },
    undefined,
  ]);
  expect(versions[1]!.content).toBe(stored[1]);
  expect(versions[2]!.content).toBe(stored[2]);
  const draft = await db.selectFrom('contentDraft').select('content').executeTakeFirstOrThrow();
  expect(readStored(draft.content, 'the draft').pricing?.touristTax).toEqual({
    municipality: UNNAMED_MUNICIPALITY,
    perGuestPerNight: 150,
  });
});
