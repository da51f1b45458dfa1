import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../tests/support/server/raw-http.js';
import { createTestApp, login, TEST_PASSWORD, type TestApp } from '../../../tests/support/server/test-app.js';

// The real app's log, read line by line as it is written: no credential and no client address in it.

const START = Date.parse('2026-11-25T10:00:00.000Z');
let clock = START;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  clock = START;
});

async function loggedApp(
  level = 'info',
): Promise<{ app: TestApp; log: () => string; lines: () => Array<Record<string, unknown>> }> {
  const written: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: level }, { logStream, now: () => clock });
  return {
    app: t,
    log: () => written.join(''),
    lines: () =>
      written
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const urlsLogged = (lines: Array<Record<string, unknown>>) =>
  lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);

describe('the request log', () => {
  it('holds no calendar export token, session token, password or secret query value, but every route', async () => {
    const { app, log, lines } = await loggedApp();
    // A route of a later kind, declared as every token-bearing route is: its secret named :token.
    app.app.get('/api/booking-link/:code/:token', async () => ({ ok: true }));
    app.app.get('/api/failing/:token', async () => {
      throw new Error('broke while handling');
    });
    const origin = 'http://estadia.test';
    const cookie = await login(app.app, { remoteAddress: '203.0.113.77' });
    const sessionToken = cookie.split('=')[1]!;
    const { exportUrl } = (
      await app.app.inject({ method: 'GET', url: '/api/admin/calendar', headers: { cookie, origin } })
    ).json<{ exportUrl: string }>();
    const exportPath = new URL(exportUrl).pathname;
    const exportToken = exportPath
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect(exportToken.length).toBeGreaterThanOrEqual(20);
    expect((await app.app.inject({ method: 'GET', url: exportPath, remoteAddress: '203.0.113.78' })).statusCode).toBe(
      200,
    );
    expect((await app.app.inject({ method: 'GET', url: `/api/calendar/${exportToken}x.ics` })).statusCode).toBe(404);
    await app.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: 'my-wrong-Secret-passw0rd' },
      remoteAddress: '203.0.113.79',
    });
    await app.app.inject({
      method: 'GET',
      url: '/api/reviews?limit=2&token=query-Secret-value&Password=pw-Secret-value',
    });
    await app.app.inject({ method: 'GET', url: '/api/booking-link/K7M2-Q9/link-Secret-token' });
    expect((await app.app.inject({ method: 'GET', url: '/api/failing/failing-Secret-token' })).statusCode).toBe(500);
    await app.app.inject({ method: 'GET', url: '/api/admin/guest-data?name=Elodie-Secret-name', headers: { cookie } });

    const text = log();
    for (const secret of [
      exportToken,
      sessionToken,
      'my-wrong-Secret-passw0rd',
      TEST_PASSWORD,
      'query-Secret-value',
      'pw-Secret-value',
      'link-Secret-token',
      'failing-Secret-token',
      'Elodie-Secret-name',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toMatch(/203\.0\.113\./);
    const urls = urlsLogged(lines());
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/calendar/[redacted].ics',
        '/api/reviews?limit=2&token=%5Bredacted%5D&Password=%5Bredacted%5D',
        '/api/booking-link/K7M2-Q9/[redacted]',
        '/api/failing/[redacted]',
        '/api/admin/login',
        '/api/admin/guest-data?…',
      ]),
    );
    expect(text).toContain('broke while handling');
  });

  it('logs a request the HTTP parser refuses by its code only, not its bytes, even at trace level', async () => {
    const { app, log } = await loggedApp('trace');
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as { port: number };
    // A lowercase method: refused by Node's parser before Fastify routes it.
    const answer = await rawRequest(
      port,
      'get /api/calendar/raw-Secret-token.ics HTTP/1.1\r\nHost: x\r\nCookie: estadia_session=raw-Secret-cookie\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    await expect.poll(() => log()).toContain('client error');
    // pino writes a Buffer as an array of byte values: read those back as text too.
    const bytesAsText = log().replace(/"data":\[([\d,]+)\]/g, (_all, list: string) =>
      Buffer.from(list.split(',').map(Number)).toString('latin1'),
    );
    for (const text of [log(), bytesAsText]) {
      expect(text).not.toContain('raw-Secret-token');
      expect(text).not.toContain('raw-Secret-cookie');
    }
  });

  it('names a client by a pseudonym that is the same all day and another the next day, never by its address', async () => {
    const { app, lines } = await loggedApp();
    const visit = (remoteAddress: string) => app.app.inject({ method: 'GET', url: '/healthz', remoteAddress });
    const clients = () =>
      lines().flatMap((l) =>
        (l.req as { client?: string } | undefined)?.client ? [(l.req as { client: string }).client] : [],
      );
    await visit('198.51.100.20');
    await visit('198.51.100.20');
    await visit('198.51.100.21');
    clock += 24 * 60 * 60_000;
    await visit('198.51.100.20');
    const [first, again, other, nextDay] = clients();
    expect(first).toMatch(/^[\w-]{16}$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(nextDay).not.toBe(first);
    expect(JSON.stringify(lines())).not.toContain('198.51.100.2');
  });
});
