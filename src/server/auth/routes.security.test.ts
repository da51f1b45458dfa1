import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, TEST_PASSWORD, type TestApp } from '../../../tests/support/server/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.deleteFrom('reviews').execute();
  await t.app.db.deleteFrom('adminSessions').execute();
  await t.app.db.deleteFrom('loginFailures').execute();
  // The rows above change behind the API's back: drop pages it cached in earlier tests.
  t.app.publicReviews.clear();
});

let ipCounter = 0;
/** Each test logs in from its own address, so lockouts in one test cannot leak into another. */
const freshIp = () => `192.0.2.${++ipCounter}`;

const attempt = (password: unknown, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress });

async function addReview(id: string, approved: boolean, createdAt: string) {
  await t.app.db
    .insertInto('reviews')
    .values({
      id,
      clientName: `Name ${id}`,
      rating: 4,
      comment: `Comment ${id}`,
      isApproved: approved ? 1 : 0,
      createdAt: createdAt,
    })
    .execute();
}

describe('POST /api/admin/login', () => {
  it('answers 204 with an HttpOnly, SameSite=Strict session cookie for the right password', async () => {
    const response = await attempt(TEST_PASSWORD, freshIp());
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies[0]!;
    expect(cookie).toMatchObject({ name: 'estadia_session', httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only a hash of the token is stored.
    const rows = await t.app.db.selectFrom('adminSessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(cookie.value);
  });

  it('answers 401 "Incorrect password" for a wrong one, and sets no cookie', async () => {
    const response = await attempt('wrong password', freshIp());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Incorrect password' } });
    expect(response.cookies).toHaveLength(0);
  });

  it('answers 400 when the password is missing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: {},
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_field', message: 'Password is required', field: 'password' },
    });
  });

  it('issues a new session id at every login', async () => {
    const ip = freshIp();
    const first = await login(t.app, { remoteAddress: ip });
    const second = await login(t.app, { remoteAddress: ip, headers: { cookie: first } });
    expect(second).not.toBe(first);
    // Logging in again from the same browser ends the old session.
    expect((await t.app.inject({ url: '/api/admin/reviews', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/reviews', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('locks an IP out after 5 failures in 15 minutes, refusing even the right password, and only that IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await attempt('nope', ip)).statusCode).toBe(401);
    const locked = await attempt(TEST_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/^Too many failed attempts/) },
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.cookies).toHaveLength(0);
    expect((await attempt(TEST_PASSWORD, freshIp())).statusCode).toBe(204);
  });

  it('ends the lockout by itself once the 15-minute window has passed', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await attempt('nope', ip);
    expect((await attempt(TEST_PASSWORD, ip)).statusCode).toBe(429);
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    await t.app.db
      .updateTable('loginFailures')
      .set({ windowStartedAt: sixteenMinutesAgo })
      .where('ip', '=', ip)
      .execute();
    expect((await attempt(TEST_PASSWORD, ip)).statusCode).toBe(204);
  });

  it('starts a new count when failures are more than 15 minutes apart', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await attempt('nope', ip);
    await t.app.db
      .updateTable('loginFailures')
      .set({ windowStartedAt: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('ip', '=', ip)
      .execute();
    expect((await attempt('nope', ip)).statusCode).toBe(401);
    expect((await attempt(TEST_PASSWORD, ip)).statusCode).toBe(204);
  });
});

describe('admin session', () => {
  const protectedRoutes = [
    { method: 'POST', url: '/api/admin/logout' },
    { method: 'GET', url: '/api/admin/reviews' },
    { method: 'GET', url: '/api/admin/reviews?status=pending' },
    { method: 'POST', url: '/api/admin/reviews/x/approve' },
    { method: 'DELETE', url: '/api/admin/reviews/x' },
  ] as const;

  it.each(protectedRoutes)('$method $url answers 401 without a session', async (route) => {
    const response = await t.app.inject(route);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Not logged in' } });
  });

  it.each(['estadia_session=forged', 'estadia_session=' + 'A'.repeat(43), 'isAdmin=true'])(
    'refuses the cookie %s with 401',
    async (cookie) => {
      await login(t.app, { remoteAddress: freshIp() });
      expect((await t.app.inject({ url: '/api/admin/reviews', headers: { cookie } })).statusCode).toBe(401);
    },
  );

  it('refuses a truncated real cookie', async () => {
    const cookie = await login(t.app, { remoteAddress: freshIp() });
    expect(
      (await t.app.inject({ url: '/api/admin/reviews', headers: { cookie: cookie.slice(0, -1) } })).statusCode,
    ).toBe(401);
  });

  it('logout answers 204 and makes the old cookie useless', async () => {
    const cookie = await login(t.app, { remoteAddress: freshIp() });
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies[0]).toMatchObject({ name: 'estadia_session', value: '' });
    expect((await t.app.inject({ url: '/api/admin/reviews', headers: { cookie } })).statusCode).toBe(401);
  });

  it('expires after 30 idle minutes', async () => {
    const cookie = await login(t.app, { remoteAddress: freshIp() });
    await t.app.db
      .updateTable('adminSessions')
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000).toISOString() })
      .execute();
    expect((await t.app.inject({ url: '/api/admin/reviews', headers: { cookie } })).statusCode).toBe(401);
    expect(await t.app.db.selectFrom('adminSessions').select('tokenHash').execute()).toHaveLength(0);
  });

  it('expires 12 hours after login even when in use', async () => {
    const cookie = await login(t.app, { remoteAddress: freshIp() });
    await t.app.db
      .updateTable('adminSessions')
      .set({ createdAt: new Date(Date.now() - 12 * 60 * 60_000 - 1000).toISOString() })
      .execute();
    expect((await t.app.inject({ url: '/api/admin/reviews', headers: { cookie } })).statusCode).toBe(401);
  });

  it('stays valid while used: activity moves the idle timeout', async () => {
    const cookie = await login(t.app, { remoteAddress: freshIp() });
    await t.app.db
      .updateTable('adminSessions')
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000).toISOString() })
      .execute();
    expect((await t.app.inject({ url: '/api/admin/reviews', headers: { cookie } })).statusCode).toBe(200);
    const row = await t.app.db.selectFrom('adminSessions').select('lastSeenAt').executeTakeFirstOrThrow();
    expect(Date.parse(row.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['no Origin and a foreign Referer', { referer: 'https://evil.example/page' }],
    ['the literal Origin null', { origin: 'null' }],
  ])('refuses a state-changing request with %s (403) and changes nothing', async (_name, headers) => {
    const cookie = await login(t.app, { remoteAddress: freshIp() });
    await addReview('r1', false, '2026-11-01T10:00:00.000Z');
    const approve = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/r1/approve',
      headers: { cookie, ...headers },
    });
    expect(approve.statusCode).toBe(403);
    expect(approve.json()).toEqual({ error: { code: 'forbidden', message: 'Cross-site request refused' } });
    const remove = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/reviews/r1',
      headers: { cookie, ...headers },
    });
    expect(remove.statusCode).toBe(403);
    const row = await t.app.db.selectFrom('reviews').selectAll().where('id', '=', 'r1').executeTakeFirst();
    expect(row?.isApproved).toBe(0);
  });

  it('accepts requests from the site itself (SITE_URL or the Host it was reached on)', async () => {
    const cookie = await login(t.app, { remoteAddress: freshIp() });
    await addReview('r1', false, '2026-11-01T10:00:00.000Z');
    await addReview('r2', false, '2026-11-01T10:00:00.000Z');
    const fromSite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/r1/approve',
      headers: { cookie, origin: 'http://estadia.test' },
    });
    expect(fromSite.statusCode).toBe(204);
    const fromHost = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/r2/approve',
      headers: { cookie, host: 'localhost:3000', origin: 'http://localhost:3000' },
    });
    expect(fromHost.statusCode).toBe(204);
  });
});

describe('under https', () => {
  it('marks the cookie Secure with the __Host- prefix', async () => {
    const secure = await createTestApp({ SITE_URL: 'https://casa.example' });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(204);
      expect(response.cookies[0]).toMatchObject({
        name: '__Host-estadia_session',
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      });
      // And browsers are told to keep to https for a year.
      const health = await secure.app.inject('/healthz');
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});
