import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('GET /sitemap.xml', () => {
  it('lists each language page and privacy page, with that page in every language (and x-default) as alternates', async () => {
    const response = await t.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    const site = t.app.config.siteUrl;
    const urls = [...response.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');
    expect(urls.map((url) => url.match(/<loc>([^<]+)<\/loc>/)?.[1])).toEqual([
      `${site}/`,
      `${site}/pt/`,
      `${site}/privacy`,
      `${site}/pt/privacy`,
    ]);
    const alternatesOf = (url: string) =>
      [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
    for (const url of urls.slice(0, 2))
      expect(alternatesOf(url)).toEqual([`en ${site}/`, `pt-PT ${site}/pt/`, `x-default ${site}/`]);
    for (const url of urls.slice(2))
      expect(alternatesOf(url)).toEqual([
        `en ${site}/privacy`,
        `pt-PT ${site}/pt/privacy`,
        `x-default ${site}/privacy`,
      ]);
    expect(response.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});
