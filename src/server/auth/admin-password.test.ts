import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../lib/password.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { cheapPasswordHash } from '../../../tests/support/server/test-password.js';

const opened: TestApp[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

describe('without ADMIN_PASSWORD', () => {
  it('generates a password at the first start, prints it once, and stores only its hash', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
    const t = await createTestApp({ ADMIN_PASSWORD: '' });
    opened.push(t);
    const password = printed.join('\n').match(/\n\s{6}(\S{24})\n/)?.[1];
    expect(password).toBeDefined();

    // Only the hash is stored under the password's key (other settings live beside it).
    const stored = await t.app.db.selectFrom('settings').selectAll().where('key', '=', 'admin_password_hash').execute();
    expect(stored).toHaveLength(1);
    const everything = JSON.stringify(await t.app.db.selectFrom('settings').selectAll().execute());
    expect(everything).not.toContain(password);
    expect(stored[0]!.value).toMatch(/^scrypt\$/);
    expect(stored[0]!.value).not.toContain(password);

    const login = (pw: string) => t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: pw } });
    expect((await login(password!)).statusCode).toBe(204);
    expect((await login('something else')).statusCode).toBe(401);
  });

  it('keeps the same password across restarts and does not print it again', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
    const first = await createTestApp({ ADMIN_PASSWORD: '' });
    const password = printed.join('\n').match(/\n\s{6}(\S{24})\n/)?.[1];
    const databaseUrl = first.databaseUrl;
    await first.app.close();
    printed.length = 0;

    const second = await createTestApp({ ADMIN_PASSWORD: '', DATABASE_URL: databaseUrl });
    opened.push(second, first);
    expect(printed.join('')).not.toContain(password);
    const response = await second.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password } });
    expect(response.statusCode).toBe(204);
  });
});

describe('with ADMIN_PASSWORD_HASH', () => {
  it('checks logins against the given hash, with the real parameters, and stores nothing', async () => {
    const hash = await hashPassword('a password only its hash knows');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    const t = await createTestApp({ ADMIN_PASSWORD_HASH: hash });
    opened.push(t);
    const login = (pw: string) => t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: pw } });
    expect((await login('a password only its hash knows')).statusCode).toBe(204);
    expect((await login('a password only its hash know')).statusCode).toBe(401);
    const stored = await t.app.db.selectFrom('settings').selectAll().where('key', '=', 'admin_password_hash').execute();
    expect(stored).toEqual([]);
  });

  it('warns at start when the hash is weaker than the ones this version makes', async () => {
    const weak = await hashPassword('a password with a cheap hash', { N: 2 ** 10, r: 8, p: 1 });
    const warnings: string[] = [];
    const logs = new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp({ ADMIN_PASSWORD_HASH: weak, LOG_LEVEL: 'warn' }, { logStream: logs });
    opened.push(t);
    expect(warnings.join('')).toContain('ADMIN_PASSWORD_HASH is weaker than the hashes this version makes');
  });
});

describe('a changed password', () => {
  const loginWith = async (t: TestApp, password: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password } });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies[0]!;
    return `${cookie.name}=${cookie.value}`;
  };
  const status = async (t: TestApp, cookie: string) =>
    (await t.app.inject({ url: '/api/admin/reviews', headers: { cookie } })).statusCode;

  it('ends every session at the start that brings it (ADMIN_PASSWORD), and none when it stays', async () => {
    const first = await createTestApp({ ADMIN_PASSWORD: 'the first password of all' });
    const databaseUrl = first.databaseUrl;
    const old = await loginWith(first, 'the first password of all');
    expect(await status(first, old)).toBe(200);
    await first.app.close();

    // The same password again: the session lives on.
    const same = await createTestApp({ ADMIN_PASSWORD: 'the first password of all', DATABASE_URL: databaseUrl });
    expect(await status(same, old)).toBe(200);
    await same.app.close();

    const logs: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    const changed = await createTestApp(
      { ADMIN_PASSWORD: 'a second password, changed', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      { logStream },
    );
    opened.push(changed, first);
    expect(await status(changed, old)).toBe(401);
    expect(logs.join('')).toContain('the administrator password changed: every admin session was ended');
    const fresh = await loginWith(changed, 'a second password, changed');
    expect(await status(changed, fresh)).toBe(200);
    // Five scrypt hashes with the real parameters: seconds each on a busy machine.
  }, 120_000);

  it('ends every session when ADMIN_PASSWORD_HASH changes, even to the same password hashed anew', async () => {
    const hash = await cheapPasswordHash('one password, two hashes');
    const first = await createTestApp({ ADMIN_PASSWORD_HASH: hash });
    const databaseUrl = first.databaseUrl;
    const old = await loginWith(first, 'one password, two hashes');
    await first.app.close();
    const again = await createTestApp({ ADMIN_PASSWORD_HASH: hash, DATABASE_URL: databaseUrl });
    expect(await status(again, old)).toBe(200);
    await again.app.close();
    const rehashed = await createTestApp({
      ADMIN_PASSWORD_HASH: await cheapPasswordHash('one password, two hashes'),
      DATABASE_URL: databaseUrl,
    });
    opened.push(rehashed, first);
    expect(await status(rehashed, old)).toBe(401);
  });
});
