import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from './database.js';
import { databaseKind, sqlitePath } from './dialect.js';
import type { Database } from './schema.js';

/** Every table of the schema; the migrations' own bookkeeping is written by openDatabase. */
export const TABLES = ['reviews', 'admin_sessions', 'login_failures', 'settings', 'inquiries', 'rate_limits'] as const satisfies readonly (keyof Database)[];
type Table = (typeof TABLES)[number];

// 200 rows × 16 columns stays far below both databases' limits on bound parameters.
const BATCH_ROWS = 200;

export class CopyError extends Error {
  override name = 'CopyError';
}

/** Reading a SQLite file that is not there would create an empty one and copy nothing. */
export function assertSourceExists(databaseUrl: string): void {
  if (databaseKind(databaseUrl) === 'sqlite' && !existsSync(sqlitePath(databaseUrl))) {
    throw new CopyError(`There is no database at ${sqlitePath(databaseUrl)}`);
  }
}

export async function rowCounts(db: Db): Promise<Record<Table, number>> {
  const counts = {} as Record<Table, number>;
  for (const table of TABLES) {
    const row = await db.selectFrom(table).select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    // PostgreSQL counts in bigint, which arrives as a string.
    counts[table] = Number(row.n);
  }
  return counts;
}

/**
 * Copies every row from `from` into the empty database `to` in one transaction, then checks that
 * both hold the same number of rows in every table. Refuses a target that already has data.
 */
export async function copyDatabase(from: Db, to: Db): Promise<Record<Table, number>> {
  const existing = Object.entries(await rowCounts(to)).filter(([, n]) => n > 0);
  if (existing.length > 0) {
    const detail = existing.map(([table, n]) => `${table} has ${rows(n)}`).join(', ');
    throw new CopyError(`The target database is not empty (${detail}); nothing was copied`);
  }
  await to.transaction().execute(async (trx) => {
    for (const table of TABLES) {
      // Ordered by the primary key so batches never overlap or skip while reading.
      for (let offset = 0; ; offset += BATCH_ROWS) {
        const rows = await from.selectFrom(table).selectAll().orderBy(primaryKey(table)).limit(BATCH_ROWS).offset(offset).execute();
        if (rows.length === 0) break;
        await trx.insertInto(table).values(rows as never).execute();
      }
    }
  });
  const [source, target] = await Promise.all([rowCounts(from), rowCounts(to)]);
  for (const table of TABLES) {
    if (source[table] !== target[table]) {
      throw new CopyError(`Row counts differ after the copy: ${table} has ${rows(source[table])} in the source and ${target[table]} in the target`);
    }
  }
  return target;
}

function primaryKey(table: Table): 'id' | 'token_hash' | 'ip' | 'key' {
  if (table === 'admin_sessions') return 'token_hash';
  if (table === 'login_failures') return 'ip';
  if (table === 'settings' || table === 'rate_limits') return 'key';
  return 'id';
}

export const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
