import { CamelCasePlugin, Kysely, Migrator, sql } from 'kysely';
import {
  createDialect,
  type DatabaseKind,
  databaseKind,
  type DialectOptions,
  describeDatabase,
  sqlitePath,
} from './dialect.js';
import { diskProblem } from './disk-problem.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { errorMessage } from '../../shared/error-message.js';

export type Db = Kysely<Database>;

export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

const DEFAULTS: DialectOptions = {
  poolSize: 10,
  onPoolError: (error) => console.error(`database connection lost: ${error.message}`),
};

/**
 * Opens the database named by DATABASE_URL and brings its schema up to date; with `migrate: false`
 * (`npm run db:migrate -- --dry-run`) it leaves the schema as it is.
 */
export async function openDatabase(
  databaseUrl: string,
  { migrate: migrating = true, ...options }: Partial<DialectOptions> & { migrate?: boolean } = {},
): Promise<Db> {
  const where = describeDatabase(databaseUrl);
  const kind = databaseKind(databaseUrl);
  const cause = () => (kind === 'sqlite' ? diskProblem(sqlitePath(databaseUrl)) : '');
  let db: Db;
  try {
    db = new Kysely<Database>({
      dialect: createDialect(databaseUrl, { ...DEFAULTS, ...options }),
      plugins: [new CamelCasePlugin()],
    });
  } catch (error) {
    throw new DatabaseStartError(`Cannot open ${where}: ${reason(error)}${cause()}`);
  }
  if (!migrating) return db;
  try {
    await migrateRetryingRaces(db, kind);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new DatabaseStartError(`Cannot prepare ${where}: ${reason(error)}${cause()}`);
  }
  return db;
}

// PostgreSQL errors another user of the same database can cause mid-migration, and that pass: two
// servers creating the migrator's tables at once collide in the catalog (23505), and a catalog
// read can meet a schema, a table or a column dropped meanwhile (3F000, 42P01, 42703), which the
// introspection of the own schema alone makes rare (docs/decisions/0031-migrations-see-their-own-schema.md).
const RACE_CODES = new Set(['3F000', '42P01', '42703', '23505']);
const MIGRATION_TRIES = 8;

async function migrateRetryingRaces(db: Db, kind: DatabaseKind): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate(db, kind);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (kind !== 'postgres' || attempt >= MIGRATION_TRIES || typeof code !== 'string' || !RACE_CODES.has(code))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function migratorFor(db: Db, kind: DatabaseKind): Promise<Migrator> {
  // Kysely's migrator takes a lock first, so servers starting together migrate once. On
  // PostgreSQL it is told the schema in use: otherwise it takes another schema's migration tables
  // (another app's, or a parallel test run's) for its own.
  const migrationTableSchema =
    kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
}

async function migrate(db: Db, kind: DatabaseKind): Promise<void> {
  const { error } = await (await migratorFor(db, kind)).migrateToLatest();
  if (error) throw error;
}

/** The names of the migrations this code has that the database has not had yet, in order. */
export async function pendingMigrations(db: Db, databaseUrl: string): Promise<string[]> {
  const all = await (await migratorFor(db, databaseKind(databaseUrl))).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

export async function isDatabaseUp(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(reason).join('; ');
  return errorMessage(error);
}

/** The number of the newest migration the database has had (`0023-…` → 23); 0 for a new one. */
export async function schemaVersion(db: Db, databaseUrl: string): Promise<number> {
  const all = await (await migratorFor(db, databaseKind(databaseUrl))).getMigrations();
  const done = all.filter((m) => m.executedAt !== undefined).map((m) => Number.parseInt(m.name, 10));
  return Math.max(0, ...done);
}

/** The newest migration this code has. */
export const codeSchemaVersion = (): number => Math.max(...Object.keys(migrations).map((n) => Number.parseInt(n, 10)));
