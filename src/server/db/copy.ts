import { existsSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Db } from './database.js';
import { databaseKind, sqlitePath } from './dialect.js';

// The one module that reads and writes every table: it copies rows as they are stored, so it works
// on the database's own names (no CamelCasePlugin) and owes nothing to the tables' data modules.

/**
 * Every table the migrations create that holds data worth moving, as named in the database, with
 * its primary key. The migrations' own bookkeeping is written by openDatabase. Not copied:
 * job_leases, which only say which server runs a job right now; the new database's servers take
 * their own (docs/decisions/0008-job-leases-and-sweep.md).
 */
export const PRIMARY_KEYS = {
  reviews: 'id',
  admin_sessions: 'token_hash',
  admin_second_factors: 'id',
  admin_recovery_codes: 'code_hash',
  admin_pending_logins: 'token_hash',
  login_failures: 'ip',
  second_factor_attempts: 'id',
  second_factor_pause: 'id',
  settings: 'key',
  inquiries: 'id',
  rate_limits: 'key',
  calendar_blocks: 'id',
  calendar_feeds: 'id',
  feed_events: 'id',
  feed_event_dismissals: 'uid',
  guest_data_audit: 'id',
  bookings: 'id',
  booking_events: 'id',
  booking_links: 'token_hash',
  payments: 'id',
  stripe_events: 'id',
  payment_disputes: 'id',
  mail_outbox: 'id',
  review_invitations: 'token_hash',
  content_versions: 'version',
  content_draft: 'id',
  // Before its variants, which refer to it.
  photos: 'id',
  photo_variants: 'id',
  // Sealed as they are: the new database needs the same DATA_ENCRYPTION_KEY.
  guest_registrations: 'id',
  siba_bulletins: 'id',
  invoice_documents: 'id',
  refund_accounts: 'booking_id',
  // Before their hosts, which refer to them.
  houses: 'id',
  house_hosts: 'host',
} as const;
export const TABLES = Object.keys(PRIMARY_KEYS) as Table[];
export const NOT_COPIED = ['job_leases'] as const;
type Table = keyof typeof PRIMARY_KEYS;
type Raw = Kysely<Record<Table, Record<string, unknown>>>;
const raw = (db: Db) => db.withoutPlugins() as unknown as Raw;

// 200 rows × 17 columns stays far below both databases' limits on bound parameters.
const BATCH_ROWS = 200;

class CopyError extends Error {
  override name = 'CopyError';
}

/** Reading a SQLite file that is not there would create an empty one and copy nothing. */
export function assertSourceExists(databaseUrl: string): void {
  if (databaseKind(databaseUrl) === 'sqlite' && !existsSync(sqlitePath(databaseUrl))) {
    throw new CopyError(`There is no database at ${sqlitePath(databaseUrl)}`);
  }
}

async function rowCounts(db: Db): Promise<Record<Table, number>> {
  const counts = {} as Record<Table, number>;
  for (const table of TABLES) {
    const row = await raw(db)
      .selectFrom(table)
      .select(sql<string | number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
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
  await raw(to)
    .transaction()
    .execute(async (trx) => {
      for (const table of TABLES) {
        // Ordered by the primary key so batches never overlap or skip while reading.
        for (let offset = 0; ; offset += BATCH_ROWS) {
          const rows = await raw(from)
            .selectFrom(table)
            .selectAll()
            .orderBy(PRIMARY_KEYS[table])
            .limit(BATCH_ROWS)
            .offset(offset)
            .execute();
          if (rows.length === 0) break;
          await trx
            .insertInto(table)
            .values(rows as never)
            .execute();
        }
      }
    });
  const [source, target] = await Promise.all([rowCounts(from), rowCounts(to)]);
  for (const table of TABLES) {
    if (source[table] !== target[table]) {
      throw new CopyError(
        `Row counts differ after the copy: ${table} has ${rows(source[table])} in the source and ${target[table]} in the target`,
      );
    }
  }
  return target;
}

export const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
