import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClientBuild } from '../../../tests/support/server/client-build.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-headers-'));
  writeClientBuild(join(dir, 'client'));
  t = await createTestApp({}, { clientDir: join(dir, 'client') });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each(['/', '/admin', '/healthz', '/api/reviews', '/api/nothing-here'])('come with %s', async (url) => {
    const response = await t.app.inject(url);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp.match(/script-src ([^;]*)/)?.[1]).not.toContain('unsafe');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("allow the built page's inline script by its hash, and no other", async () => {
    const page = (await t.app.inject('/')).body;
    const inline = page.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    expect(inline).toBeDefined();
    const hash = `'sha256-${createHash('sha256').update(inline!).digest('base64')}'`;
    const scriptSrc = String((await t.app.inject('/')).headers['content-security-policy']).match(
      /script-src ([^;]*)/,
    )?.[1];
    expect(scriptSrc).toBe(`'self' ${hash}`);
  });
});
