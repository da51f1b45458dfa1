import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-paths.js';

describe("the app's page paths", () => {
  it("name every route the client's router draws, so the server never redirects one of them", () => {
    const app = readFileSync(join(import.meta.dirname, '../client/app/app.tsx'), 'utf8');
    const routes = [...app.matchAll(/<Route path="([^"]+)"/g)].map((match) => match[1]!);
    expect(routes.length).toBeGreaterThan(5);
    // `/` is the landing page, `*` the router's own redirect home.
    for (const route of routes.filter((path) => path !== '/' && path !== '*'))
      expect(isAppPath(route.replace(/:\w+/g, 'X1')), route).toBe(true);
  });

  it('are not any other path', () => {
    for (const path of ['/', '/no/such/page', '/login/more', '/booking', '/booking/X/more', '/adminx', '/pt/admin'])
      expect(isAppPath(path), path).toBe(false);
  });
});
