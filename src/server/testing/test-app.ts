import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestApp {
  app: FastifyInstance;
  dir: string;
  close: () => Promise<void>;
}

/** The real app on a fresh SQLite file in a temporary folder. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-test-'));
  const config = loadConfig({
    DATABASE_URL: `file:${join(dir, 'test.sqlite')}`,
    ADMIN_PASSWORD: TEST_PASSWORD,
    SITE_URL: 'http://estadia.test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config);
  return {
    app,
    dir,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Logs in and returns the Cookie header value for later requests. */
export async function login(app: FastifyInstance, extra: Partial<InjectOptions> = {}): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_PASSWORD }, ...extra });
  if (response.statusCode !== 204) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies[0];
  if (!cookie) throw new Error('login set no cookie');
  return `${cookie.name}=${cookie.value}`;
}

export const json = (payload: unknown) => ({ payload: payload as InjectOptions['payload'] });
