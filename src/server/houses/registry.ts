import type { House } from '../../shared/houses.js';
import type { Db } from '../db/database.js';
import { listHosts } from './house-hosts-data.js';
import { listHouses } from './houses-data.js';

/**
 * The houses and their hosts, read at start into memory, so choosing a request's house costs no
 * query (docs/decisions/0071-houses-and-hosts.md). Only the start writes them in this version.
 */
export interface HouseRegistry {
  /** The house served on this host name (hostName's form), if any. */
  byHost(host: string): House | undefined;
  /** Every house, in the order they were added. */
  list(): readonly House[];
  /** Reads the houses and hosts again. */
  reload(): Promise<void>;
}

export async function readHouses(db: Db): Promise<House[]> {
  const [houses, hosts] = await Promise.all([listHouses(db), listHosts(db)]);
  return houses.map(({ createdAt: _createdAt, ...house }) => ({
    ...house,
    hosts: hosts.filter((h) => h.houseId === house.id).map((h) => ({ host: h.host, canonical: h.canonical === 1 })),
  }));
}

export function createHouseRegistry(db: Db): HouseRegistry {
  let houses: House[] = [];
  let byHost = new Map<string, House>();
  return {
    byHost: (host) => byHost.get(host),
    list: () => houses,
    reload: async () => {
      houses = await readHouses(db);
      byHost = new Map(houses.flatMap((house) => house.hosts.map((h) => [h.host, house] as const)));
    },
  };
}
