import { generate } from 'otplib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testClock } from '../../../tests/support/server/booking-site.js';
import { createTestApp, json, login, TEST_PASSWORD, type TestApp } from '../../../tests/support/server/test-app.js';
import type { OwnerAction } from '../../shared/owner-audit.js';

// The second step counted across the whole site, on two servers sharing one database
// (docs/decisions/0062-second-factor-paused-site-wide.md): ten failures in 15 minutes, from ten
// clients of one /48, pause it for everyone for 15 minutes; the owner is mailed once per pause;
// and adding or replacing a factor takes a fresh proof of the factor itself.

const ORIGIN = 'http://estadia.test';
const MINUTE = 60_000;
const OWNER = 'owner@example.com';
// The proofs' clock, shared by both servers and moved here.
const authClock = testClock(Date.parse('2026-12-07T10:00:00Z'));
let one: TestApp;
let two: TestApp;
let secret = '';
let recoveryCodes: string[] = [];
let owner = '';
let client = 0;

/** A client of its own /64, all of one /48, as an attacker with a /48 has 65,536 of them. */
const nextClient = () => `2001:db8:7:${(++client).toString(16)}::1`;

beforeAll(async () => {
  one = await createTestApp({ MAIL_TO: OWNER }, { authNow: authClock.now });
  two = await createTestApp({ MAIL_TO: OWNER, DATABASE_URL: one.databaseUrl }, { authNow: authClock.now });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

const send = (
  site: TestApp,
  address: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie = '',
  body?: object,
) =>
  site.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(body ? json(body) : {}),
  } as InjectOptions);

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }, name: string) => {
  const found = response.cookies.find((c) => c.name === name);
  return found ? `${found.name}=${found.value}` : '';
};

const codeNow = () => generate({ secret, epoch: Math.floor(authClock.now() / 1000) });

/** The password from a client, right: the pending login's cookie. */
async function pendingLogin(site: TestApp, address: string): Promise<string> {
  const answer = await send(site, address, 'POST', '/api/admin/login', '', { password: TEST_PASSWORD });
  expect(answer.statusCode).toBe(200);
  return cookieOf(answer, 'estadia_pending_login');
}

/** The password then a wrong code, from a client of its own, on one server or the other. */
async function wrongCode(site: TestApp) {
  const address = nextClient();
  const pending = await pendingLogin(site, address);
  return send(site, address, 'POST', '/api/admin/login/second-factor', pending, { method: 'totp', code: '000000' });
}

async function pauseMails() {
  return one.app.db
    .selectFrom('mailOutbox')
    .select(['key', 'toAddress', 'subject', 'textBody'])
    .where('key', 'like', 'second-factor-paused:%')
    .orderBy('createdAt')
    .execute();
}

const auditCount = async (action: OwnerAction) =>
  (await one.app.db.selectFrom('guestDataAudit').select('id').where('action', '=', action).execute()).length;

/** Moves the clock past any pause and the window, so each test starts with an open second step. */
async function freshWindow() {
  authClock.advance(31 * MINUTE);
  // The phone's code of this moment, not one used before.
  authClock.advance(30_000);
}

beforeEach(freshWindow);

describe('the second step across the whole site', () => {
  beforeAll(async () => {
    // The owner sets up the authenticator app, and reads the admin in Portuguese.
    const address = nextClient();
    const cookie = await login(one.app, { remoteAddress: address });
    expect((await send(one, address, 'PUT', '/api/admin/preferences', cookie, { locale: 'pt-PT' })).statusCode).toBe(
      204,
    );
    const setup = await send(one, address, 'POST', '/api/admin/2fa/totp/setup', cookie);
    secret = setup.json<{ secret: string }>().secret;
    const confirmed = await send(one, address, 'POST', '/api/admin/2fa/totp/confirm', cookie, {
      code: await codeNow(),
    });
    expect(confirmed.statusCode).toBe(200);
    recoveryCodes = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    owner = cookie;
  });

  it('nine failures leave it open, and a right answer is no failure', async () => {
    for (let i = 0; i < 9; i++) expect((await wrongCode(i % 2 ? two : one)).statusCode, `failure ${i + 1}`).toBe(401);
    const address = nextClient();
    const pending = await pendingLogin(two, address);
    const right = await send(two, address, 'POST', '/api/admin/login/second-factor', pending, {
      method: 'totp',
      code: await codeNow(),
    });
    expect(right.statusCode).toBe(204);
    expect(await pauseMails()).toHaveLength(0);
  });

  it('ten failures from ten /64s pause it for everyone on both servers for 15 minutes, recovery codes included', async () => {
    const failedBefore = await auditCount('second_factor_failed');
    for (let i = 0; i < 10; i++) expect((await wrongCode(i % 2 ? two : one)).statusCode, `failure ${i + 1}`).toBe(401);

    // The owner, from a client never seen, with the right code, on either server: refused.
    for (const site of [one, two]) {
      const address = nextClient();
      const pending = await pendingLogin(site, address);
      const right = await send(site, address, 'POST', '/api/admin/login/second-factor', pending, {
        method: 'totp',
        code: await codeNow(),
      });
      expect(right.statusCode).toBe(429);
      expect(right.json().error.code).toBe('second_factor_paused');
      expect(right.headers['retry-after']).toBe(String(15 * 60));
      const recovery = await send(site, address, 'POST', '/api/admin/login/second-factor', pending, {
        method: 'recovery',
        code: recoveryCodes[0]!,
      });
      expect(recovery.statusCode).toBe(429);
      expect(recovery.json().error.code).toBe('second_factor_paused');
    }
    // Nor does an open session prove the factor meanwhile, or remove it with a recovery code.
    const reauth = await send(one, nextClient(), 'POST', '/api/admin/reauth', owner, {
      method: 'totp',
      code: '123456',
    });
    expect(reauth.statusCode).toBe(429);
    expect(reauth.json().error.code).toBe('second_factor_paused');
    const remove = await send(two, nextClient(), 'POST', '/api/admin/2fa/remove', owner, {
      method: 'recovery',
      code: recoveryCodes[1]!,
    });
    expect(remove.statusCode).toBe(429);
    // The recovery codes were never spent: refused before they were checked.
    const unused = await one.app.db.selectFrom('adminRecoveryCodes').select('usedAt').execute();
    expect(unused.filter((r) => r.usedAt === null)).toHaveLength(10);

    // Every failure in the audit list, with its method; the pause once.
    expect((await auditCount('second_factor_failed')) - failedBefore).toBe(10);
    expect(await auditCount('second_factor_paused')).toBe(1);
    // The owner's list shows them (all at one moment of the test's clock: in any order).
    const audit = (await send(one, nextClient(), 'GET', '/api/admin/audit?limit=100', owner)).json().items as Array<{
      at: string;
      action: string;
      detail: string | null;
    }>;
    const now = new Date(authClock.now()).toISOString();
    expect(
      audit
        .filter((e) => e.at === now)
        .map((e) => `${e.action} ${e.detail}`)
        .sort(),
    ).toEqual([...Array.from({ length: 10 }, () => 'second_factor_failed totp'), 'second_factor_paused null']);

    // One mail, in the admin's language: someone has the password, and how to change it.
    const mails = await pauseMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(OWNER);
    expect(mails[0]!.subject).toBe('Alguém tem a sua palavra-passe da administração: mude-a já');
    expect(mails[0]!.textBody).toContain('npm run password:hash');
    expect(mails[0]!.textBody).toContain('ADMIN_PASSWORD_HASH');
    expect(mails[0]!.textBody).not.toContain('000000');

    // A minute before the end it is still paused; at the end, the right code logs in.
    authClock.advance(14 * MINUTE);
    const late = await pendingLogin(one, nextClient());
    const still = await send(one, nextClient(), 'POST', '/api/admin/login/second-factor', late, {
      method: 'totp',
      code: await codeNow(),
    });
    expect(still.statusCode).toBe(429);
    expect(still.headers['retry-after']).toBe('60');
    authClock.advance(MINUTE);
    const address = nextClient();
    const pending = await pendingLogin(two, address);
    const open = await send(two, address, 'POST', '/api/admin/login/second-factor', pending, {
      method: 'totp',
      code: await codeNow(),
    });
    expect(open.statusCode).toBe(204);
    expect(await pauseMails()).toHaveLength(1);
  });

  it('counts in the database: failures sent at once to both servers never check more than ten, and one pause mails once', async () => {
    const mailsBefore = (await pauseMails()).length;
    // The passwords first, one by one (a server checks only a few at once); then every code at once.
    const tries: Array<{ site: TestApp; address: string; pending: string }> = [];
    for (let i = 0; i < 16; i++) {
      const site = i % 2 ? two : one;
      const address = nextClient();
      tries.push({ site, address, pending: await pendingLogin(site, address) });
    }
    const answers = await Promise.all(
      tries.map(({ site, address, pending }) =>
        send(site, address, 'POST', '/api/admin/login/second-factor', pending, { method: 'totp', code: '000000' }),
      ),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused.length).toBe(16);
    for (const answer of refused) expect(answer.json().error.code).toBe('second_factor_paused');
    // Whatever the burst let through, the failures go on until the tenth pauses the site.
    let more = 0;
    for (; more < 20; more++) if ((await wrongCode(more % 2 ? one : two)).statusCode !== 401) break;
    expect(checked + more).toBe(10);
    const failures = await one.app.db
      .selectFrom('secondFactorAttempts')
      .select('failed')
      .where('at', '=', new Date(authClock.now()).toISOString())
      .execute();
    expect(failures).toEqual(Array.from({ length: 10 }, () => ({ failed: 1 })));
    expect((await pauseMails()).length).toBe(mailsBefore + 1);
  });
});

describe('adding or replacing a factor', () => {
  it('takes the password while none is set up, then a fresh proof of the factor itself', async () => {
    const site = await createTestApp({}, { authNow: authClock.now });
    try {
      const address = nextClient();
      const at = (method: 'GET' | 'POST', url: string, cookie: string, body?: object) =>
        send(site, address, method, url, cookie, body);
      // No factor yet: the password's login sets the first one up.
      const cookie = await login(site.app, { remoteAddress: address });
      const setup = await at('POST', '/api/admin/2fa/totp/setup', cookie);
      expect(setup.statusCode).toBe(200);
      const own = setup.json<{ secret: string }>().secret;
      const code = () => generate({ secret: own, epoch: Math.floor(authClock.now() / 1000) });
      expect((await at('POST', '/api/admin/2fa/totp/confirm', cookie, { code: await code() })).statusCode).toBe(200);
      // The code just typed proved the new factor: new codes at once.
      expect((await at('POST', '/api/admin/2fa/recovery-codes', cookie)).statusCode).toBe(200);

      // Six minutes on, the password is typed again: enough for a refund, not for a factor.
      authClock.advance(6 * MINUTE);
      expect((await at('POST', '/api/admin/reauth', cookie, { password: TEST_PASSWORD })).statusCode).toBe(204);
      for (const url of [
        '/api/admin/2fa/recovery-codes',
        '/api/admin/2fa/totp/setup',
        '/api/admin/2fa/webauthn/options',
      ]) {
        const refused = await at('POST', url, cookie);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().error.code, url).toBe('reauth_required');
      }
      expect(await site.app.db.selectFrom('adminSecondFactors').select('kind').execute()).toEqual([{ kind: 'totp' }]);

      // The factor itself, then the same requests go through.
      expect((await at('POST', '/api/admin/reauth', cookie, { method: 'totp', code: await code() })).statusCode).toBe(
        204,
      );
      expect((await at('POST', '/api/admin/2fa/recovery-codes', cookie)).statusCode).toBe(200);
      expect((await at('POST', '/api/admin/2fa/webauthn/options', cookie)).statusCode).toBe(200);
      expect((await at('POST', '/api/admin/2fa/totp/setup', cookie)).statusCode).toBe(200);

      // A login by the second factor is a fresh proof of it, for 5 minutes.
      authClock.advance(30_000);
      const other = nextClient();
      const pending = cookieOf(
        await send(site, other, 'POST', '/api/admin/login', '', { password: TEST_PASSWORD }),
        'estadia_pending_login',
      );
      const session = cookieOf(
        await send(site, other, 'POST', '/api/admin/login/second-factor', pending, {
          method: 'totp',
          code: await code(),
        }),
        'estadia_session',
      );
      expect((await send(site, other, 'POST', '/api/admin/2fa/recovery-codes', session)).statusCode).toBe(200);
      authClock.advance(5 * MINUTE + 1000);
      expect((await send(site, other, 'POST', '/api/admin/2fa/recovery-codes', session)).statusCode).toBe(403);
    } finally {
      await site.close();
    }
  });
});
