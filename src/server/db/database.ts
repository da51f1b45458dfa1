import { accessSync, constants, existsSync, mkdirSync, statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { sqlitePath } from '../config.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

/** Opens the database named by DATABASE_URL and brings its schema up to date. */
export async function openDatabase(databaseUrl: string): Promise<Db> {
  const path = sqlitePath(databaseUrl);
  let sqlite: SqliteDatabase.Database;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    sqlite = new SqliteDatabase(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // FULL: a commit is on disk before the answer goes out, so an accepted submission survives a power cut.
    sqlite.pragma('synchronous = FULL');
  } catch (error) {
    throw new DatabaseStartError(`Cannot open the SQLite database at ${path}: ${reason(error)}${diskProblem(path)}`);
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw new DatabaseStartError(`Cannot prepare the database at ${path}: ${reason(error)}${diskProblem(path)}`);
  }
  return db;
}

async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
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
  return error instanceof Error ? error.message : String(error);
}

/**
 * SQLite names the symptom ("unable to open database file", "disk I/O error"), not the cause the
 * owner must fix; the file system can tell a read-only mount or a full disk apart.
 */
function diskProblem(path: string): string {
  if (path === ':memory:') return '';
  let folder = dirname(resolve(path));
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  for (const target of existsSync(path) ? [path, folder] : [folder]) {
    try {
      accessSync(target, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EROFS') return ` (the file system holding ${target} is read-only)`;
      if (code === 'EACCES' || code === 'EPERM') return ` (this user may not write to ${target})`;
    }
  }
  try {
    if (statfsSync(folder).bavail === 0) return ` (the disk holding ${folder} is full)`;
  } catch {
    // No answer from the file system: SQLite's own reason has to do.
  }
  return '';
}
