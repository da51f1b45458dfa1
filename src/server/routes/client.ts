import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../lib/http-error.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built client: hashed assets cached for a year, pre-compressed .br/.gz when the
 * browser accepts them, and index.html for every other page path (the app redirects to /).
 */
export const clientRoutes: FastifyPluginAsync<{ clientDir: string }> = async (app, { clientDir }) => {
  if (!existsSync(join(clientDir, 'index.html'))) {
    throw new Error(`The built client is missing at ${clientDir}: run "npm run build" first`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    wildcard: true,
    index: 'index.html',
    cacheControl: false,
    setHeaders: (res, path) => {
      const hashed = path.includes('/assets/');
      res.header('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/assets/');
    if (!isPage) throw new HttpError(404, 'Not found');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
};
