import type { Db } from '../db/database.js';
import type { HouseHostsTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

// Every query on the house_hosts table (docs/decisions/0071-houses-and-hosts.md).

export type HouseHostRow = Selectable<HouseHostsTable>;

/**
 * Gives the house this host unless some house has it already (the host is the primary key, and a
 * house has one canonical host by a partial unique index): true when this call wrote it.
 */
export async function insertHostIfAbsent(
  db: Db,
  host: { host: string; houseId: string; canonical: boolean },
): Promise<boolean> {
  const result = await db
    .insertInto('houseHosts')
    .values({ host: host.host, houseId: host.houseId, canonical: host.canonical ? 1 : 0 })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Every host of every house, the canonical one of each first, then by name. */
export async function listHosts(db: Db): Promise<HouseHostRow[]> {
  return db.selectFrom('houseHosts').selectAll().orderBy('canonical', 'desc').orderBy('host').execute();
}
