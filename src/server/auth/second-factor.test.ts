import { generate } from 'otplib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingContentDir, book, testClock } from '../../../tests/support/server/booking-site.js';
import { createTestApp, json, login, TEST_PASSWORD, type TestApp } from '../../../tests/support/server/test-app.js';
import { recordOwnerAction } from '../audit/owner-audit-data.js';
import { sweepExpired } from '../../../tests/support/server/sweep.js';

// The owner's second factor (docs/decisions/0036-second-factor.md): a TOTP code computed here as
// the phone would, the ten recovery codes, the lockout, and the 5-minute proof that refunds and
// the guests' documents need.

const ORIGIN = 'http://estadia.test';
const MINUTE = 60_000;
let site: TestApp;
// The bookings' clock, and the clock of the admin's proofs (moved here by minutes).
const clock = testClock();
const authClock = testClock(Date.now());
let ip = 0;
let address = '';

beforeAll(async () => {
  site = await createTestApp(
    { CONTENT_DIR: bookingContentDir({ mode: 'request' }), SUBMISSIONS_PER_WINDOW: '1000' },
    { now: clock.now, authNow: authClock.now },
  );
});
afterAll(async () => site.close());
beforeEach(async () => {
  // Each test from a client of its own, the second factor gone, the proofs' clock a step on.
  address = `198.51.100.${++ip}`;
  await site.app.db.deleteFrom('adminSecondFactors').execute();
  await site.app.db.deleteFrom('adminRecoveryCodes').execute();
  authClock.advance(MINUTE);
});

const send = (method: 'GET' | 'POST', url: string, cookie = '', payload?: object) =>
  site.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload ? json(payload) : {}),
  } as InjectOptions);

const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }, name: string) => {
  const found = response.cookies.find((c) => c.name === name);
  return found ? `${found.name}=${found.value}` : undefined;
};

const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(authClock.now() / 1000) });

/** Sets up the authenticator app as the owner does: a session, the secret, a code; returns both. */
async function setUpTotp(): Promise<{ secret: string; recoveryCodes: string[] }> {
  const cookie = await login(site.app, { remoteAddress: address });
  const setup = await send('POST', '/api/admin/2fa/totp/setup', cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  // Named after the house and its address, as the phone's list shows it.
  const uri = new URL(otpauthUrl);
  expect(uri.searchParams.get('issuer')).toBe('Casa do Lago');
  expect(decodeURIComponent(uri.pathname)).toBe('/Casa do Lago:estadia.test');
  const confirmed = await send('POST', '/api/admin/2fa/totp/confirm', cookie, { code: await codeNow(secret) });
  expect(confirmed.statusCode).toBe(200);
  // The phone's next code, not the one just used.
  authClock.advance(30_000);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The password, right: the answer, and the pending login's cookie. */
async function password() {
  const response = await send('POST', '/api/admin/login', '', { password: TEST_PASSWORD });
  return { response, pending: cookieOf(response, 'estadia_pending_login') ?? '' };
}

const secondFactor = (pending: string, body: object) => send('POST', '/api/admin/login/second-factor', pending, body);

describe('setting up the authenticator app', () => {
  it('shows the secret once, keeps it sealed, and answers ten single-use recovery codes', async () => {
    const { secret, recoveryCodes } = await setUpTotp();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const rows = await site.app.db.selectFrom('adminSecondFactors').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.totpSecret).toMatch(/^sealed:/);
    expect(rows[0]!.totpSecret).not.toContain(secret);
    const hashes = await site.app.db.selectFrom('adminRecoveryCodes').select('codeHash').execute();
    expect(hashes.map((h) => h.codeHash)).not.toContain(recoveryCodes[0]!.replaceAll('-', ''));
    const cookie = await loginWithTotp(secret);
    const status = await send('GET', '/api/admin/2fa', cookie);
    expect(status.json()).toEqual({ methods: ['totp', 'recovery'], passkeys: [], recoveryCodesLeft: 10 });
    expect(status.body).not.toContain(secret);
  });

  it('refuses a wrong first code and leaves logins as they were', async () => {
    const cookie = await login(site.app, { remoteAddress: address });
    expect((await send('POST', '/api/admin/2fa/totp/setup', cookie)).statusCode).toBe(200);
    const wrong = await send('POST', '/api/admin/2fa/totp/confirm', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_field', field: 'code' });
    expect((await password()).response.statusCode).toBe(204);
  });

  it('works without DATA_ENCRYPTION_KEY: the secret is kept as it is, and never answered again', async () => {
    const plain = await createTestApp({ DATA_ENCRYPTION_KEY: '' }, { authNow: authClock.now });
    try {
      const cookie = await login(plain.app);
      const headers = { cookie, origin: ORIGIN };
      const { secret } = (await plain.app.inject({ method: 'POST', url: '/api/admin/2fa/totp/setup', headers })).json();
      const confirm = await plain.app.inject({
        method: 'POST',
        url: '/api/admin/2fa/totp/confirm',
        headers,
        ...json({ code: await codeNow(secret) }),
      });
      expect(confirm.statusCode).toBe(200);
      const row = await plain.app.db.selectFrom('adminSecondFactors').select('totpSecret').executeTakeFirstOrThrow();
      expect(row.totpSecret).toBe(`plain:${secret}`);
      const status = await plain.app.inject({ url: '/api/admin/2fa', headers });
      expect(status.json().methods).toEqual(['totp', 'recovery']);
      expect(status.body).not.toContain(secret);
    } finally {
      await plain.close();
    }
  });
});

async function loginWithTotp(secret: string): Promise<string> {
  const { pending } = await password();
  const done = await secondFactor(pending, { method: 'totp', code: await codeNow(secret) });
  expect(done.statusCode).toBe(204);
  authClock.advance(30_000);
  return cookieOf(done, 'estadia_session')!;
}

describe('a login once the second factor is set up', () => {
  it('is refused without it: the password alone opens no session', async () => {
    const { secret } = await setUpTotp();
    const { response, pending } = await password();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ secondFactor: ['totp', 'recovery'] });
    expect(cookieOf(response, 'estadia_session')).toBeUndefined();
    expect(pending).toMatch(/^estadia_pending_login=/);
    const pendingCookie = response.cookies.find((c) => c.name === 'estadia_pending_login')!;
    expect(pendingCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 300 });
    // The pending cookie is not a session.
    expect((await send('GET', '/api/admin/bookings', pending)).statusCode).toBe(401);
    expect((await send('GET', '/api/admin/2fa', pending)).statusCode).toBe(401);
    // Nor is a second factor without the password first.
    expect((await secondFactor('', { method: 'totp', code: await codeNow(secret) })).statusCode).toBe(401);
    const done = await secondFactor(pending, { method: 'totp', code: await codeNow(secret) });
    expect(done.statusCode).toBe(204);
    const session = cookieOf(done, 'estadia_session')!;
    expect((await send('GET', '/api/admin/bookings', session)).statusCode).toBe(200);
    // The pending login is spent, and the same code opens nothing twice.
    expect((await secondFactor(pending, { method: 'totp', code: await codeNow(secret) })).statusCode).toBe(401);
    const again = await password();
    expect((await secondFactor(again.pending, { method: 'totp', code: await codeNow(secret) })).statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const { recoveryCodes } = await setUpTotp();
    const [first, second] = recoveryCodes as [string, string];
    const one = await password();
    expect((await secondFactor(one.pending, { method: 'recovery', code: first.toLowerCase() })).statusCode).toBe(204);
    const two = await password();
    expect((await secondFactor(two.pending, { method: 'recovery', code: first })).statusCode).toBe(401);
    expect(
      (await secondFactor(two.pending, { method: 'recovery', code: second.replaceAll('-', ' ') })).statusCode,
    ).toBe(204);
    const left = await site.app.db.selectFrom('adminRecoveryCodes').select('usedAt').execute();
    expect(left.filter((r) => r.usedAt === null)).toHaveLength(8);
  });

  it('locks the client out after as many wrong codes as wrong passwords, the right code included', async () => {
    const { secret } = await setUpTotp();
    const { pending } = await password();
    for (let i = 1; i <= 5; i++) {
      const wrong = await secondFactor(pending, { method: 'totp', code: '000000' });
      expect(wrong.statusCode, `wrong code ${i}`).toBe(401);
    }
    const sixth = await secondFactor(pending, { method: 'totp', code: '000000' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('rate_limited');
    expect(sixth.headers['retry-after']).toBeDefined();
    expect((await secondFactor(pending, { method: 'totp', code: await codeNow(secret) })).statusCode).toBe(429);
    // A password now is refused as well: it is one client's window (decision 0003).
    expect((await password()).response.statusCode).toBe(429);
  });

  it('can be removed with a recovery code, not with the password alone', async () => {
    const { secret, recoveryCodes } = await setUpTotp();
    const cookie = await loginWithTotp(secret);
    const byPassword = await send('POST', '/api/admin/2fa/remove', cookie, { password: TEST_PASSWORD });
    expect(byPassword.statusCode).toBe(400);
    expect(
      (await send('POST', '/api/admin/2fa/remove', cookie, { method: 'recovery', code: 'AAAA-AAAA-AAAA-AAAA' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await send('POST', '/api/admin/2fa/remove', cookie, { method: 'recovery', code: recoveryCodes[3]! })).statusCode,
    ).toBe(204);
    expect((await password()).response.statusCode).toBe(204);
    expect(await site.app.db.selectFrom('adminRecoveryCodes').selectAll().execute()).toEqual([]);
  });
});

describe('sensitive actions', () => {
  async function paidBooking(cookie: string, checkIn: string, checkOut: string): Promise<string> {
    const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut });
    expect((await send('POST', `/api/admin/bookings/${created.body.code}/accept`, cookie)).statusCode).toBe(200);
    const { dueCents } = (
      await send('POST', `/api/admin/bookings/${created.body.code}/mark-paid`, cookie, { amountCents: 1 })
    ).json();
    await send('POST', `/api/admin/bookings/${created.body.code}/mark-paid`, cookie, { amountCents: dueCents });
    return created.body.code;
  }

  it('a refund is refused 5 minutes after the login, and done after the password is typed again', async () => {
    const cookie = await login(site.app, { remoteAddress: address });
    const code = await paidBooking(cookie, '2027-06-07', '2027-06-10');
    authClock.advance(5 * MINUTE + 1000);
    const refused = await send('POST', `/api/admin/bookings/${code}/cancel`, cookie, { refundCents: 5000 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('reauth_required');
    const still = (await send('GET', '/api/admin/bookings?status=upcoming', cookie)).json();
    expect(still.items.find((b: { code: string }) => b.code === code).status).toBe('paid');
    const wrong = await send('POST', '/api/admin/reauth', cookie, { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ field: 'password', message: 'Incorrect password' });
    expect((await send('POST', '/api/admin/reauth', cookie, { password: TEST_PASSWORD })).statusCode).toBe(204);
    const done = await send('POST', `/api/admin/bookings/${code}/cancel`, cookie, { refundCents: 5000 });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('cancelled');
    const audit = (await send('GET', '/api/admin/audit', cookie)).json().items;
    expect(audit[0]).toEqual({
      at: expect.any(String),
      action: 'refund',
      client: expect.stringMatching(/^[\w-]{16}$/),
      detail: `${code}: 5000 cents`,
    });
    expect(JSON.stringify(audit)).not.toContain(address);
  });

  it('with the second factor set up, takes a code or the password to confirm', async () => {
    const { secret } = await setUpTotp();
    const cookie = await loginWithTotp(secret);
    const code = await paidBooking(cookie, '2027-06-14', '2027-06-17');
    authClock.advance(6 * MINUTE);
    expect(
      (await send('POST', `/api/admin/bookings/${code}/cancel`, cookie, { refundCents: 5000 })).json().error.code,
    ).toBe('reauth_required');
    const wrongPassword = await send('POST', '/api/admin/reauth', cookie, { password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.field).toBe('password');
    expect(
      (await send('POST', '/api/admin/reauth', cookie, { method: 'totp', code: await codeNow(secret) })).statusCode,
    ).toBe(204);
    expect((await send('POST', `/api/admin/bookings/${code}/cancel`, cookie, { refundCents: 5000 })).statusCode).toBe(
      200,
    );
    const second = await paidBooking(cookie, '2027-06-21', '2027-06-24');
    authClock.advance(6 * MINUTE);
    expect((await send('POST', `/api/admin/bookings/${second}/cancel`, cookie, { refundCents: 5000 })).statusCode).toBe(
      403,
    );
    expect((await send('POST', '/api/admin/reauth', cookie, { password: TEST_PASSWORD })).statusCode).toBe(204);
    expect((await send('POST', `/api/admin/bookings/${second}/cancel`, cookie, { refundCents: 5000 })).statusCode).toBe(
      200,
    );
  });

  it('the guests’ data, the SIBA file and second-factor changes need the same proof', async () => {
    const cookie = await login(site.app, { remoteAddress: address });
    expect((await send('GET', '/api/admin/guest-data?email=ana@example.com', cookie)).statusCode).toBe(200);
    authClock.advance(5 * MINUTE + 1000);
    for (const [method, url] of [
      ['GET', '/api/admin/guest-data?email=ana@example.com'],
      ['GET', '/api/admin/guest-data?email=ana@example.com&download=true'],
      ['GET', '/api/admin/registrations/ABCD-EF/siba.xml?movement=arrival'],
      ['POST', '/api/admin/2fa/totp/setup'],
      ['POST', '/api/admin/2fa/webauthn/options'],
    ] as const) {
      const answer = await send(method, url, cookie);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().error.code, url).toBe('reauth_required');
    }
    // Reading the lists stays open.
    expect((await send('GET', '/api/admin/registrations', cookie)).statusCode).toBe(200);
  });
});

describe('the audit list', () => {
  it('records logins and second-factor changes with a pseudonym, and keeps entries one year', async () => {
    await setUpTotp();
    const entries = await site.app.db
      .selectFrom('guestDataAudit')
      .select(['action', 'client', 'detail'])
      .orderBy('at', 'desc')
      .execute();
    // Both at the same moment of the proofs' clock: in either order.
    expect(entries.slice(0, 2)).toEqual(
      expect.arrayContaining([
        { action: 'second_factor_added', client: expect.any(String), detail: 'totp' },
        { action: 'login', client: expect.any(String), detail: 'password' },
      ]),
    );
    const now = new Date('2028-03-01T12:00:00Z');
    await recordOwnerAction(
      site.app.db,
      { action: 'refund', detail: 'old' },
      new Date(now.getTime() - 366 * 86_400_000),
    );
    await recordOwnerAction(
      site.app.db,
      { action: 'refund', detail: 'recent' },
      new Date(now.getTime() - 364 * 86_400_000),
    );
    const swept = await sweepExpired(site.app.db, { rateLimitWindowMs: MINUTE, inquiryRetentionDays: 90 }, now);
    expect(swept.ownerAudit).toBeGreaterThanOrEqual(1);
    const details = (await site.app.db.selectFrom('guestDataAudit').select('detail').execute()).map((r) => r.detail);
    expect(details).toContain('recent');
    expect(details).not.toContain('old');
  });
});
