import { createHash } from 'node:crypto';
import { expect, test } from '../support/browser/test-fixtures.js';

// The exact protective headers on a page, the admin page, an asset and an API route.
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
  // The one inline script of each language's page, its JSON-LD, is allowed by its hash, and nothing else.
  const jsonLdHashes: string[] = [];
  for (const page of ['/', '/pt/']) {
    const jsonLd =
      (await (await request.get(`${server.url}${page}`)).text()).match(
        /<script type="application\/ld\+json">([\s\S]*?)<\/script>/,
      )?.[1] ?? '';
    jsonLdHashes.push(`'sha256-${createHash('sha256').update(jsonLd).digest('base64')}'`);
  }
  for (const path of ['/', '/admin', script!, '/api/reviews']) {
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
    expect(directives['script-src']).toBe(`'self' ${jsonLdHashes.join(' ')}`);
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
