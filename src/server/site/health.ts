import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../shared/zod.js';
import { isDatabaseUp } from '../db/database.js';

const HealthSchema = z.object({ status: z.literal('ok') });
const UnavailableSchema = z.object({ status: z.literal('unavailable') });

export const healthRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthSchema, 503: UnavailableSchema } } },
    async (_request, reply) => {
      const up = await isDatabaseUp(app.db);
      reply.header('cache-control', 'no-store');
      return up ? { status: 'ok' as const } : reply.code(503).send({ status: 'unavailable' });
    },
  );
};
