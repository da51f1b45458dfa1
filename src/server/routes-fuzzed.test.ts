import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { writeClientBuild } from '../../tests/support/server/client-build.js';
import { FUZZED_API_ROUTES, FUZZED_CLIENT_ROUTES } from '../../tests/support/server/fuzz-requests.js';
import { createTestApp, type TestApp } from '../../tests/support/server/test-app.js';

// A route added without a fuzz test fails here: every route the app registers must be in the
// fuzz list, and the list names no route the app no longer has.

const opened: TestApp[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `METHOD /path` for each route the app adds; HEAD routes Fastify adds for each GET go with their GET. */
async function registeredRoutes(options: { clientDir?: string } = {}): Promise<string[]> {
  const routes: string[] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  };
  const t = await createTestApp({}, { ...options, onRoute });
  opened.push(t);
  await t.app.ready();
  return [...new Set(routes)].sort();
}

describe('the fuzz list', () => {
  it('holds every API route', async () => {
    expect(await registeredRoutes()).toEqual([...FUZZED_API_ROUTES].sort());
  });

  it('holds every route of the server with the built client', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'estadia-routes-'));
    dirs.push(dir);
    writeClientBuild(join(dir, 'client'));
    expect(await registeredRoutes({ clientDir: join(dir, 'client') })).toEqual(
      [...FUZZED_API_ROUTES, ...FUZZED_CLIENT_ROUTES].sort(),
    );
  });
});
