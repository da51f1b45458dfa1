import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { features } from './features.js';
import type { AppOptions } from './lib/app-options.js';
import { createServer, serverBase } from './server-base.js';

export type { AppOptions } from './lib/app-options.js';

/**
 * The whole server, ready to listen or to take `app.inject` requests: the configuration, the
 * database, and the features in their order (features.ts), each a plugin that wires itself
 * (docs/decisions/0066-features-as-plugins.md). Then the timed work starts, after the first sweep.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = createServer(config, options);
  const db = await openDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    onPoolError: (error) => app.log.error({ err: error }, 'database connection lost'),
  });
  try {
    await app.register(serverBase, { config, options, db });
    for (const feature of features) await app.register(feature, options);
    await app.jobs.start();
  } catch (error) {
    // Whatever opened so far closes, the database last (a start that stops leaves nothing running).
    await app.close();
    throw error;
  }
  return app;
}
