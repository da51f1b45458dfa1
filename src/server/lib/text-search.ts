import { type RawBuilder, sql } from 'kysely';

/**
 * `column` contains `text`, whatever the case, on SQLite and PostgreSQL alike: both lower-case
 * (ASCII on SQLite, all letters on PostgreSQL) and LIKE with `\` escaping the wildcards, so a
 * `%` or `_` typed by the owner matches only itself.
 */
export function containsAnyCase(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** `column` equals `text`, whatever the case. */
export function equalsAnyCase(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) = ${text.toLowerCase()}`;
}
