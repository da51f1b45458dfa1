import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppOptions, buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { reachableOnLoopback } from './loopback-hosts.js';
import { createTestDatabase } from './test-database.js';
import { cheapPasswordHash } from './test-password.js';

export const TEST_PASSWORD = 'correct horse battery staple';

const testPasswordHash = cheapPasswordHash(TEST_PASSWORD);
/** DATA_ENCRYPTION_KEY of every test app, unless the test sets its own ('' for none). */
export const TEST_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

export interface TestApp {
  app: FastifyInstance;
  dir: string;
  /** Its DATABASE_URL, to start a second app on the same data. */
  databaseUrl: string;
  close: () => Promise<void>;
}

/**
 * The real app on a fresh database: a SQLite file in a temporary folder, or a PostgreSQL schema of
 * its own in the PostgreSQL run. Given a DATABASE_URL, it joins that database and leaves it be.
 * `options` go to buildApp (a shorter public cache, a route listener).
 */
export async function createTestApp(env: Record<string, string> = {}, options: AppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-test-'));
  const database = env.DATABASE_URL
    ? { url: env.DATABASE_URL, drop: async () => undefined }
    : await createTestDatabase(dir);
  const password = 'ADMIN_PASSWORD' in env ? {} : { ADMIN_PASSWORD_HASH: await testPasswordHash };
  const config = loadConfig({
    DATABASE_URL: database.url,
    ...password,
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    SITE_URL: 'http://estadia.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, options).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  await reachableOnLoopback(app);
  return {
    app,
    dir,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Logs in and returns the Cookie header value for later requests. */
export async function login(app: FastifyInstance, extra: Partial<InjectOptions> = {}): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password: TEST_PASSWORD },
    ...extra,
  });
  if (response.statusCode !== 204) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies[0];
  if (!cookie) throw new Error('login set no cookie');
  return `${cookie.name}=${cookie.value}`;
}

export const json = (payload: unknown) => ({ payload: payload as InjectOptions['payload'] });

const ROOT = join(import.meta.dirname, '../../..');
const BUILT = { clientDir: join(ROOT, 'dist/client'), ssrEntry: join(ROOT, 'dist/ssr/entry-server.js') };

/**
 * The real app serving the real build (`npm run build` first), its pages rendered from the
 * published content (docs/decisions/0023-page-carries-its-content.md); a clear error without a build.
 */
export async function createBuiltSiteApp(env: Record<string, string> = {}, options: AppOptions = {}) {
  if (!existsSync(BUILT.ssrEntry))
    throw new Error(`${BUILT.ssrEntry} is missing: run "npm run build" before this test`);
  return createTestApp(env, { ...BUILT, ...options });
}
