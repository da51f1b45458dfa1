import { type RawBuilder, sql } from 'kysely';

/**
 * `column` contains `text`, whatever the case, on SQLite and PostgreSQL alike: both lower-case
 * every letter (SQLite through the Unicode `lower` that db/dialect.ts puts in place of its ASCII
 * one) and LIKE with `\` escaping the wildcards, so a `%` or `_` typed by the owner matches only itself.
 */
/**
 * Text as the database's `lower` leaves it: composed (NFC), lower-case, and a final sigma as any
 * other, since PostgreSQL's lower() makes Σ a σ wherever it stands and JavaScript a ς at a word's end.
 */
export const foldCase = (text: string) => text.normalize('NFC').toLowerCase().replaceAll('ς', 'σ');
const fold = foldCase;

export function containsAnyCase(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${fold(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** `column` equals `text`, whatever the case. */
export function equalsAnyCase(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) = ${fold(text)}`;
}
