import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { codeSchemaVersion, openDatabase, schemaVersion } from '../db/database.js';
import { databaseKind, describeDatabase, sqlitePath } from '../db/dialect.js';
import { parseBackupName } from './backup-files.js';
import { pgRestore } from './pg-restore.js';

// npm run restore FILE [-- --force]: a backup back into DATABASE_URL, with the site stopped. It
// refuses a database that holds tables unless forced, a backup of the other engine, and one made
// by a newer schema than this code knows; the next start migrates an older one
// (docs/upgrading.md). After the copy it checks the schema version the file's name promised.

export async function restoreBackup(config: Config, file: string, { force = false } = {}): Promise<number> {
  const name = parseBackupName(basename(file));
  if (!name)
    throw new Error(`${file} is not a backup made by npm run backup (estadia-…-schema-NNNN.sqlite or .pgdump)`);
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const engine = databaseKind(config.databaseUrl);
  if ((name.kind === 'sqlite') !== (engine === 'sqlite'))
    throw new Error(
      `${basename(file)} is a ${name.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup, but DATABASE_URL is ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: npm run db:copy moves data between them`,
    );
  if (name.schema > codeSchemaVersion())
    throw new Error(
      `${basename(file)} has schema version ${name.schema}, newer than this code's ${codeSchemaVersion()}: restore it with the release that made it`,
    );
  const tables = await tableCount(config);
  if (tables > 0 && !force)
    throw new Error(
      `${describeDatabase(config.databaseUrl)} is not empty (${tables} tables): restore into an empty one, or add --force to replace its data`,
    );

  if (engine === 'sqlite') {
    const target = sqlitePath(config.databaseUrl);
    copyFileSync(file, `${target}.restoring`);
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    renameSync(`${target}.restoring`, target);
  } else await pgRestore(config.databaseUrl, file, { clean: tables > 0 });
  const db = await openDatabase(config.databaseUrl, { poolSize: 1, migrate: false });
  try {
    const restored = await schemaVersion(db, config.databaseUrl);
    if (restored !== name.schema)
      throw new Error(`the restored database has schema version ${restored}, not the ${name.schema} its name says`);
    return restored;
  } finally {
    await db.destroy();
  }
}

/** Tables in the target: the SQLite file's, or those of the connection's schema. */
async function tableCount(config: Config): Promise<number> {
  if (databaseKind(config.databaseUrl) === 'sqlite' && !existsSync(sqlitePath(config.databaseUrl))) return 0;
  const db = await openDatabase(config.databaseUrl, { poolSize: 1, migrate: false });
  try {
    const query =
      databaseKind(config.databaseUrl) === 'sqlite'
        ? sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'`
        : sql<{
            n: number;
          }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`;
    return Number((await query.execute(db)).rows[0]?.n ?? 0);
  } finally {
    await db.destroy();
  }
}
