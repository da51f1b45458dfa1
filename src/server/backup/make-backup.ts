import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase, schemaVersion } from '../db/database.js';
import { databaseKind, sqlitePath } from '../db/dialect.js';
import { backupFileName, pruneBackups } from './backup-files.js';
import { pgConnection, runPgTool } from './pg-tool.js';

// npm run backup (docs/decisions/0040-going-live.md): a consistent copy while the site serves.
// SQLite through VACUUM INTO; PostgreSQL through pg_dump's custom format, of the
// site's schema only. Photos live in the database, so they come along. The copy is written under
// a temporary name and renamed, so the folder never holds half a backup.

export interface BackupResult {
  file: string;
  deleted: string[];
}

export async function makeBackup(config: Config, now: number): Promise<BackupResult> {
  const db = await openDatabase(config.databaseUrl, { poolSize: 1, migrate: false });
  let schema: number;
  let pgSchema: string | undefined;
  try {
    schema = await schemaVersion(db, config.databaseUrl);
    if (databaseKind(config.databaseUrl) === 'postgres')
      pgSchema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
  } finally {
    await db.destroy();
  }
  if (schema === 0) throw new Error('The database has no tables yet: start the site once before backing it up');
  const kind = databaseKind(config.databaseUrl) === 'sqlite' ? 'sqlite' : 'pgdump';
  mkdirSync(config.backup.dir, { recursive: true, mode: 0o700 });
  const file = join(config.backup.dir, backupFileName(now, schema, kind));
  const partial = `${file}.partial`;
  try {
    if (kind === 'sqlite') {
      // VACUUM INTO reads in one transaction: a consistent copy however many writes go on, where
      // the backup API starts again after each write by another connection.
      const source = new SqliteDatabase(sqlitePath(config.databaseUrl), { fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        source.prepare('VACUUM INTO ?').run(partial);
      } finally {
        source.close();
      }
    } else {
      if (!pgSchema) throw new Error('The PostgreSQL connection has no current schema');
      const { url, env } = pgConnection(config.databaseUrl);
      await runPgTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--schema=${pgSchema}`, `--file=${partial}`, url],
        env,
      );
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { file, deleted: pruneBackups(config.backup.dir, config.backup.keepDays, now) };
}
