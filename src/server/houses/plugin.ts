import fp from 'fastify-plugin';
import type { House } from '../../shared/houses.js';
import { adminOnly } from '../lib/admin-only.js';
import { adminHouseRoutes } from './admin-routes.js';
import { chooseHouse } from './choose-house.js';
import { registerFirstHouse } from './first-house.js';
import { originHost } from './host-name.js';
import { createHouseRegistry, type HouseRegistry } from './registry.js';

export interface Houses extends HouseRegistry {
  /**
   * Makes today's house the first when the registry has none (houses/first-house.ts), named
   * `name`, on SITE_URL's host; the content feature calls it once it has the published content.
   */
  registerFirst(name: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The install's houses and their hosts (houses/registry.ts). */
    houses: Houses;
  }
  interface FastifyRequest {
    /** The house the request's host names; null on the admin origin without a house, and on /healthz. */
    house: House | null;
  }
}

/**
 * The houses registry and the choice of each request's house by its host
 * (docs/decisions/0071-houses-and-hosts.md). The bottom layer: its onRequest hook is added
 * before any feature's route, so it runs before every one of them and before the not-found answer.
 */
export const housesFeature = fp(
  async (app) => {
    const registry = createHouseRegistry(app.db);
    const houses: Houses = {
      ...registry,
      registerFirst: async (name) => {
        const at = new Date(app.now()).toISOString();
        await registerFirstHouse(app.db, { name, host: originHost(app.config.siteUrl), at });
        await registry.reload();
      },
    };
    app.decorate('houses', houses);
    app.decorateRequest('house', null);
    app.addHook('onRequest', chooseHouse(registry, originHost(app.config.adminUrl)));
    await adminOnly(app, adminHouseRoutes);
  },
  { name: 'houses', dependencies: ['server-base'] },
);
