import { expect, test } from '../support/fixtures.js';

// The exact protective headers on a page, the admin page, an asset and an API route.
const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
};

test('security headers on /, /admin, an asset and an API route', async ({ request, server }) => {
  const home = await request.get(`${server.url}/`);
  const script = (await home.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  const jsonLdHash = /'sha256-[A-Za-z0-9+/=]+'/;
  for (const path of ['/', '/admin', script!, '/api/reviews']) {
    const response = await request.get(`${server.url}${path}`);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    for (const [name, value] of Object.entries(COMMON)) expect(headers[name], `${name} on ${path}`).toBe(value);
    const csp = headers['content-security-policy']!;
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(' ')]));
    expect(directives['script-src']).toMatch(new RegExp(`^'self' ${jsonLdHash.source}$`));
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
