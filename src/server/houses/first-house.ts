import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { insertHostIfAbsent } from './house-hosts-data.js';
import { countHouses, insertHouseIfAbsent } from './houses-data.js';
import { slugOf } from './slug.js';

/**
 * The upgrade of a one-house install (docs/decisions/0071-houses-and-hosts.md): on a registry
 * with no house, today's house becomes the first, named as its published content, on SITE_URL's
 * host, canonical. The count only spares the writes on later starts; two servers starting at once
 * both write, and the slug's and the host's unique constraints keep one house with one host. One
 * transaction, so no house is ever left without its host. True when this call wrote the house.
 */
export async function registerFirstHouse(db: Db, facts: { name: string; host: string; at: string }): Promise<boolean> {
  if ((await countHouses(db)) > 0) return false;
  const id = randomUUID();
  return db.transaction().execute(async (trx) => {
    const house = await insertHouseIfAbsent(trx, {
      id,
      slug: slugOf(facts.name),
      name: facts.name,
      createdAt: facts.at,
    });
    await insertHostIfAbsent(trx, { host: facts.host, houseId: house.id, canonical: true });
    return house.id === id;
  });
}
