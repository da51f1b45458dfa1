import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('GET /sitemap.xml', () => {
  it('lists each language page with every language (and x-default) as alternates', async () => {
    const response = await t.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    const site = t.app.config.siteUrl;
    const urls = [...response.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');
    expect(urls.map((url) => url.match(/<loc>([^<]+)<\/loc>/)?.[1])).toEqual([`${site}/`, `${site}/pt/`]);
    for (const url of urls) {
      const alternates = [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]}`);
      expect(alternates).toEqual([`en ${site}/`, `pt-PT ${site}/pt/`, `x-default ${site}/`]);
    }
    expect(response.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});
