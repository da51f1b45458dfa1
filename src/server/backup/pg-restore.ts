import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../db/database.js';
import { pgConnection, runPgTool } from './pg-tool.js';

// pg_restore of a backup made by `npm run backup` (pg_dump -Fc of the site's schema). Every new
// PostgreSQL database already has a `public` schema, and the dump's own CREATE SCHEMA would fail
// there; so the schema is made here when missing, and its entry (with its comment) is left out of
// the list pg_restore follows (docs/decisions/0040-going-live.md).

/** The dump's schema, from its table of contents (`; 2615 2200 SCHEMA - name owner`). */
function dumpSchema(toc: string): string {
  const schemas = [...toc.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1]!);
  if (schemas.length !== 1)
    throw new Error(`the backup holds ${schemas.length} schemas, not the one npm run backup writes`);
  return schemas[0]!;
}

/** The schema the connection's search_path names first: where the site will look for its tables. */
async function targetSchema(databaseUrl: string): Promise<string | undefined> {
  const db = await openDatabase(databaseUrl, { poolSize: 1, migrate: false });
  try {
    const { rows } = await sql<{
      schema: string | null;
      path: string;
    }>`select current_schema() as schema, current_setting('search_path') as path`.execute(db);
    const row = rows[0];
    // current_schema() is null while the search_path's schema does not exist yet.
    return (
      row?.schema ??
      row?.path
        .split(',')[0]
        ?.trim()
        .replace(/^"(.*)"$/, '$1')
    );
  } finally {
    await db.destroy();
  }
}

export async function pgRestore(databaseUrl: string, file: string, { clean }: { clean: boolean }): Promise<void> {
  const { url, env } = pgConnection(databaseUrl);
  const toc = await runPgTool('pg_restore', ['--list', file], env);
  const schema = dumpSchema(toc);
  const target = await targetSchema(databaseUrl);
  if (target !== schema)
    throw new Error(
      `the backup holds the schema "${schema}", but DATABASE_URL's search_path names "${target ?? ''}": restore into a connection that uses "${schema}"`,
    );
  const db = await openDatabase(databaseUrl, { poolSize: 1, migrate: false });
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } finally {
    await db.destroy();
  }
  const folder = mkdtempSync(join(tmpdir(), 'estadia-restore-'));
  const list = join(folder, 'list');
  const schemaEntry = new RegExp(`^\\d+; \\d+ \\d+ (SCHEMA|COMMENT) - (SCHEMA )?${escape(schema)} `);
  writeFileSync(
    list,
    toc
      .split('\n')
      .filter((line) => !schemaEntry.test(line))
      .join('\n'),
  );
  try {
    await runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(clean ? ['--clean', '--if-exists'] : []),
        `--use-list=${list}`,
        `--dbname=${url}`,
        file,
      ],
      env,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
