import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/support/server/test-app.js';
import { MAX_ADMITTED } from '../lib/password.js';

// The lockout holds however many attempts arrive at once, on however many servers, and a flood of
// logins is refused at once rather than queued (docs/decisions/0003-sessions-and-lockout.md).

const START = Date.parse('2026-11-25T10:00:00.000Z');
let clock = START;
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
  clock = START;
});

// ADMIN_PASSWORD, not the test helpers' cheap hash: these races are about real scrypt runs, half
// a second and 128 MiB each.
async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ ADMIN_PASSWORD: TEST_PASSWORD, ...env }, { now: () => clock });
  apps.push(t);
  return t;
}

const attempt = (t: TestApp, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress });

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('the login lockout under concurrent attempts', () => {
  it('checks at most the limit of 100 wrong passwords sent at once, refuses the rest with 429, then the right one until the window ends', async () => {
    const t = await app();
    const ip = '198.51.100.7';
    const answers = await Promise.all(Array.from({ length: 100 }, () => attempt(t, 'wrong password', ip)));
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 401: 5, 429: 95 });
    // Refused either as locked out (counted, past the limit) or as busy (turned away before counting).
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      const { code, message } = refused.json<{ error: { code: string; message: string } }>().error;
      if (code === 'rate_limited') {
        expect(message).toBe('Too many failed attempts. Try again in 15 minutes.');
        expect(refused.headers['retry-after']).toBe(String(15 * 60));
      } else {
        expect(code).toBe('busy');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    const row = await t.app.db
      .selectFrom('loginFailures')
      .select('failures')
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBeGreaterThan(5);
    clock += 14 * 60_000;
    const stillLocked = await attempt(t, TEST_PASSWORD, ip);
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.headers['retry-after']).toBe('60');
    expect(stillLocked.cookies).toHaveLength(0);
    clock += 60_000;
    expect((await attempt(t, TEST_PASSWORD, ip)).statusCode).toBe(204);
  });

  it('holds across two servers on one database', async () => {
    const first = await app({ LOGIN_MAX_FAILURES: '3' });
    const second = await app({ LOGIN_MAX_FAILURES: '3', DATABASE_URL: first.databaseUrl });
    const ip = '198.51.100.8';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(i % 2 ? second : first, 'wrong password', ip)),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 401: 3, 429: 57 });
    expect((await attempt(first, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt(second, TEST_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 address', async () => {
    const t = await app({ LOGIN_MAX_FAILURES: '2' });
    expect((await attempt(t, 'wrong', '2001:db8:0:7::1')).statusCode).toBe(401);
    expect((await attempt(t, 'wrong', '2001:db8:0:7:abcd:1234::9')).statusCode).toBe(401);
    expect((await attempt(t, TEST_PASSWORD, '2001:db8:0:7:ffff::1')).statusCode).toBe(429);
    expect((await attempt(t, TEST_PASSWORD, '2001:db8:0:8::1')).statusCode).toBe(204);
    expect((await attempt(t, 'wrong', '203.0.113.9')).statusCode).toBe(401);
    expect((await attempt(t, 'wrong', '::ffff:203.0.113.9')).statusCode).toBe(401);
    expect((await attempt(t, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
  });

  it('turns a flood away at once with 429 busy and Retry-After, before counting or hashing it, while the site keeps answering', async () => {
    const t = await app();
    const clients = Array.from({ length: 40 }, (_, i) => `198.51.101.${i + 1}`);
    let settled = 0;
    const flood = Promise.all(clients.map((ip) => attempt(t, 'wrong password', ip).finally(() => (settled += 1))));
    // While the checks are still running, the rest of the site answers.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(settled).toBeLessThan(40);
    const answers = await flood;
    const counts = tally(answers.map((a) => a.statusCode));
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[429]).toBeGreaterThanOrEqual(40 - MAX_ADMITTED - 2);
    for (const busy of answers.filter((a) => a.statusCode === 429)) {
      expect(busy.json()).toEqual({
        error: { code: 'busy', message: 'The server is busy checking other logins. Try again in a moment.' },
      });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A turned-away attempt was never counted against its client; a checked one was.
    const rows = await t.app.db.selectFrom('loginFailures').select(['ip', 'failures']).execute();
    const failures = Object.fromEntries(rows.map((r) => [r.ip, r.failures]));
    answers.forEach((answer, i) => expect(failures[clients[i]!] ?? 0).toBe(answer.statusCode === 401 ? 1 : 0));
  });
});
