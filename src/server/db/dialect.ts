import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Dialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.js';

// The one place that tells SQLite from PostgreSQL. The migrations and the queries are the same on
// both: ISO-8601 text timestamps, 0/1 integers for booleans, row-value keyset comparisons,
// conditional UPDATEs for leases and ON CONFLICT upserts for counters. What differs is only how a
// connection is made and who else may be using the database (docs/decisions/0001-sqlite-default-postgres-for-several-servers.md).

export type DatabaseKind = 'sqlite' | 'postgres';

export function databaseKind(databaseUrl: string): DatabaseKind {
  return databaseUrl.startsWith('file:') ? 'sqlite' : 'postgres';
}

/** `file:./data/x.sqlite` → `./data/x.sqlite`. */
export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.slice('file:'.length);
}

/** The database's location for messages and logs, without its password. */
export function describeDatabase(databaseUrl: string): string {
  if (databaseKind(databaseUrl) === 'sqlite') return `the SQLite database at ${sqlitePath(databaseUrl)}`;
  const url = new URL(databaseUrl);
  return `the PostgreSQL database ${url.pathname.slice(1) || '(default)'} at ${url.hostname}:${url.port || 5432}`;
}

export interface DialectOptions {
  /** PostgreSQL connections in this process's pool. */
  poolSize: number;
  /** An idle pooled connection broke (the database restarted, say); the pool replaces it. */
  onPoolError: (error: Error) => void;
}

/** Throws when a SQLite file cannot even be opened; PostgreSQL connects on first use. */
export function createDialect(databaseUrl: string, options: DialectOptions): Dialect {
  if (databaseKind(databaseUrl) === 'postgres') {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.poolSize,
      // A request waits at most this long for a connection, then fails with a 500 rather than hang.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      application_name: 'estadia',
    });
    pool.on('error', options.onPoolError);
    return new OwnSchemaPostgresDialect({ pool });
  }
  const path = sqlitePath(databaseUrl);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // FULL: a commit is on disk before the answer goes out, so an accepted submission survives a power cut.
  sqlite.pragma('synchronous = FULL');
  // The text functions a search folds with on PostgreSQL (lib/text-search.ts): SQLite's own lower()
  // folds ASCII only, and it has no normalize() or translate().
  const onText = (fn: (value: string) => string) => (value: unknown) => (typeof value === 'string' ? fn(value) : value);
  sqlite.function(
    'lower',
    { deterministic: true },
    onText((value) => value.toLowerCase()),
  );
  sqlite.function(
    'normalize',
    { deterministic: true },
    onText((value) => value.normalize('NFC')),
  );
  sqlite.function('translate', { deterministic: true }, (value: unknown, from: unknown, to: unknown) =>
    typeof value === 'string' && typeof from === 'string' && typeof to === 'string'
      ? translate(value, from, to)
      : value,
  );
  return new SqliteDialect({ database: sqlite });
}

/** PostgreSQL's translate(): each character of `from` becomes the one at its place in `to`, or goes. */
function translate(value: string, from: string, to: string): string {
  const sources = [...from];
  const targets = [...to];
  return [...value].map((c) => (sources.includes(c) ? (targets[sources.indexOf(c)] ?? '') : c)).join('');
}
