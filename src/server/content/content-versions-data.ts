import type { Db } from '../db/database.js';
import type { ContentVersionsTable } from '../db/schema.js';

// Every query on the content_versions table: the published versions of the content, each kept
// whole and never changed (docs/decisions/0022-content-in-the-database.md).

export type VersionRow = ContentVersionsTable;

/** The newest version's number, or undefined before the first: the cheap question every poll asks. */
export async function latestVersionNumber(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('contentVersions')
    .select((eb) => eb.fn.max('version').as('latest'))
    .executeTakeFirst();
  // PostgreSQL's max() of an integer is an integer; SQLite's too. Null on an empty table.
  return row?.latest === null || row?.latest === undefined ? undefined : Number(row.latest);
}

export async function findVersion(db: Db, version: number): Promise<VersionRow | undefined> {
  return db.selectFrom('contentVersions').selectAll().where('version', '=', version).executeTakeFirst();
}

/**
 * Writes a version unless its number is taken; false when another writer had it first. The
 * primary key decides, not a read before the write, so two servers can never both publish it.
 */
export async function insertVersion(db: Db, row: VersionRow): Promise<boolean> {
  const result = await db
    .insertInto('contentVersions')
    .values(row)
    .onConflict((oc) => oc.column('version').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Newest first, without their content, below `before` when given: one more than `limit`. */
export async function listVersions(db: Db, limit: number, before?: number) {
  let query = db
    .selectFrom('contentVersions')
    .select(['version', 'publishedAt', 'publishedBy'])
    .orderBy('version', 'desc')
    .limit(limit + 1);
  if (before !== undefined) query = query.where('version', '<', before);
  return query.execute();
}
