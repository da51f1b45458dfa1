import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HouseListSchema } from '../../shared/houses.js';
import { ADMIN_ERRORS } from '../lib/error-responses.js';
import { readHouses } from './registry.js';

/** The install's houses for the admin (inside the admin scope: session and same-origin checked). */
export const adminHouseRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/houses',
    { schema: { response: { 200: HouseListSchema, ...ADMIN_ERRORS } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      // From the database, not the start's copy: what another server wrote shows at once.
      return { items: await readHouses(app.db) };
    },
  );
};
