import type { Db } from '../db/database.js';
import type { HousesTable } from '../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

// Every query on the houses table (docs/decisions/0071-houses-and-hosts.md).

export type HouseRow = Selectable<HousesTable>;

/**
 * Writes the house unless one with its slug is there (the slug's unique constraint decides, so
 * two servers writing at once leave one row). The house with that slug, whoever wrote it.
 */
export async function insertHouseIfAbsent(db: Db, house: Insertable<HousesTable>): Promise<HouseRow> {
  await db
    .insertInto('houses')
    .values(house)
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  return db.selectFrom('houses').selectAll().where('slug', '=', house.slug).executeTakeFirstOrThrow();
}

/** Every house, in the order they were added. */
export async function listHouses(db: Db): Promise<HouseRow[]> {
  return db.selectFrom('houses').selectAll().orderBy('createdAt').orderBy('id').execute();
}

export async function countHouses(db: Db): Promise<number> {
  const row = await db
    .selectFrom('houses')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  // PostgreSQL counts in bigint, which arrives as a string.
  return Number(row.n);
}
