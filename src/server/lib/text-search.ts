import { type RawBuilder, sql } from 'kysely';

/**
 * Text folded for a search, in JavaScript: composed (NFC), lower-case, and a final sigma as any
 * other, since PostgreSQL's lower() makes Σ a σ wherever it stands and JavaScript a ς at a word's end.
 */
export const foldCase = (text: string) => text.normalize('NFC').toLowerCase().replaceAll('ς', 'σ');

/**
 * The same fold of a stored column, in SQL both databases run: PostgreSQL has normalize(),
 * translate() and a Unicode lower(); on SQLite db/dialect.ts registers the three (its own lower()
 * folds ASCII only). A name stored with separate accent marks, or ending in ς, is then found.
 */
const folded = (column: string) => sql`translate(lower(normalize(${sql.ref(column)})), 'ς', 'σ')`;

/**
 * `column` contains `text`, whatever the case of any letter, on SQLite and PostgreSQL alike, with
 * LIKE and `\` escaping the wildcards, so a `%` or `_` typed by the owner matches only itself.
 */
export function containsAnyCase(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${foldCase(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${folded(column)} like ${pattern} escape '\\'`;
}

/** `column` equals `text`, whatever the case. */
export function equalsAnyCase(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${folded(column)} = ${foldCase(text)}`;
}
