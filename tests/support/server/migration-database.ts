import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, sql } from 'kysely';
import { createDialect, databaseKind } from '../../../src/server/db/dialect.js';
import { migrations } from '../../../src/server/db/migrations/index.js';
import type { Database } from '../../../src/server/db/schema.js';
import { createTestDatabase } from './test-database.js';

/** An empty test database on which a migration test runs the migrations it chooses, one step at a time. */
export interface MigrationDatabase {
  db: Kysely<Database>;
  /** Runs, in order, every migration whose name `only` accepts and that has not run yet. */
  migrate: (only: (name: string) => boolean) => Promise<void>;
  close: () => Promise<void>;
}

export async function openMigrationDatabase(prefix: string): Promise<MigrationDatabase> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const database = await createTestDatabase(dir);
  const db = new Kysely<Database>({
    dialect: createDialect(database.url, { poolSize: 2, onPoolError: () => undefined }),
    plugins: [new CamelCasePlugin()],
  });
  const migrate = async (only: (name: string) => boolean) => {
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
  };
  const close = async () => {
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, migrate, close };
}
