import type { FastifyPluginAsync } from 'fastify';
import { isDatabaseUp } from '../db/database.js';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (_request, reply) => {
    const up = await isDatabaseUp(app.db);
    reply.header('cache-control', 'no-store');
    return up ? { status: 'ok' } : reply.code(503).send({ status: 'unavailable' });
  });
};
