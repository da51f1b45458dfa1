import { createHash } from 'node:crypto';
import { expect, test } from '../support/browser/test-fixtures.js';

// The exact protective headers on a page, the admin page and an API route, and an asset's own.
const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy':
    'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
};

test('security headers on /, /admin, an asset and an API route', async ({ request, server }) => {
  const home = await request.get(`${server.url}/`);
  const script = (await home.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  // The one inline script of each language's page, its JSON-LD, is allowed by its hash, and nothing
  // else: the pages' data blocks are never run, and are not listed
  // (docs/decisions/0023-page-carries-its-content.md).
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const inlineHashes: string[] = [];
  for (const page of ['/', '/pt/', '/admin']) {
    const html = await (await request.get(`${server.url}${page}`)).text();
    const jsonLd = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    const data = html.match(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/)?.[1];
    expect(data, `the data block of ${page}`).toBeDefined();
    if (page !== '/admin') inlineHashes.push(hashOf(jsonLd ?? ''));
  }
  // A built script carries what a subresource uses, and none of the headers only a document reads.
  const asset = (await request.get(`${server.url}${script!}`)).headers();
  expect(asset['x-content-type-options']).toBe('nosniff');
  expect(asset['cross-origin-resource-policy']).toBe('same-origin');
  expect(asset['referrer-policy']).toBe('strict-origin-when-cross-origin');
  for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy'])
    expect(asset[name], `${name} on ${script}`).toBeUndefined();

  for (const path of ['/', '/admin', '/api/reviews']) {
    const response = await request.get(`${server.url}${path}`);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    for (const [name, value] of Object.entries(COMMON)) expect(headers[name], `${name} on ${path}`).toBe(value);
    const csp = headers['content-security-policy']!;
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives['script-src']).toBe(`'self' ${inlineHashes.join(' ')}`);
    expect(directives['script-src']).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(directives['frame-src']).toBe('https://www.google.com');
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['form-action']).toBe("'self'");
    expect(directives['base-uri']).toBe("'none'");
    expect(directives['object-src']).toBe("'none'");
    // SITE_URL is http here: no HSTS, which would lock a plain-http site out of browsers.
    expect(headers['strict-transport-security']).toBeUndefined();
  }
});
