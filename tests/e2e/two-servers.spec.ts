import { expect, MAIL_OWNER, test } from '../support/browser/test-fixtures.js';
import { SmtpSink } from '../support/server/smtp-sink.js';
import { createPostgresSchema, type TestDatabase } from '../support/server/test-database.js';
import { TEST_ADMIN_PASSWORD, type BuiltServer, startServer } from '../support/browser/built-server.js';

// Two real server processes behind no balancer at all, sharing one PostgreSQL database: whatever
// one knows (sessions, failed logins, the outbox), the other must know too.
const base = process.env.TEST_DATABASE_URL;

test.describe('two servers on one PostgreSQL database', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  // CI always sets TEST_DATABASE_URL; a local run without PostgreSQL says why it skipped.
  if (!process.env.CI) test.skip(!base, 'TEST_DATABASE_URL is not set');

  let database: TestDatabase;
  let sink: SmtpSink;
  let a: BuiltServer;
  let b: BuiltServer;

  test.beforeAll(async () => {
    if (!base) throw new Error('TEST_DATABASE_URL must be set in CI');
    database = await createPostgresSchema(base);
    sink = await SmtpSink.start();
    const env = { DATABASE_URL: database.url, SMTP_URL: sink.url, MAIL_TO: MAIL_OWNER, DATABASE_POOL_SIZE: '4' };
    // Started together, so both run the migrations at once: the migration lock must hold.
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
  });

  test.afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sink?.stop();
    await database?.drop();
  });

  test('200 inquiries spread over both are mailed exactly once each', async ({ request }) => {
    const names = Array.from({ length: 200 }, (_, i) => `Guest ${String(i).padStart(3, '0')}`);
    for (let i = 0; i < names.length; i += 20) {
      const answers = await Promise.all(
        names.slice(i, i + 20).map((name, j) =>
          request.post(`${(i + j) % 2 ? b.url : a.url}/api/inquiries`, {
            data: { name, email: 'guest@example.com' },
          }),
        ),
      );
      expect(answers.map((r) => r.status())).toEqual(Array(answers.length).fill(202));
    }
    await sink.waitFor(200, 100_000);
    // Long enough for a second delivery of any row to show up.
    await new Promise((r) => setTimeout(r, 3000));
    const subjects = sink.received.map((m) => m.parsed.subject).sort();
    expect(subjects).toEqual(names.map((n) => `New booking inquiry from ${n}`));
    expect(new Set(sink.received.map((m) => m.parsed.messageId)).size).toBe(200);
  });

  test('a login on one server is valid on the other, and a logout on one ends it on both', async ({ request }) => {
    const login = await request.post(`${a.url}/api/admin/login`, {
      data: { password: TEST_ADMIN_PASSWORD },
      headers: { origin: a.url },
    });
    expect(login.status()).toBe(204);
    const cookie = login.headers()['set-cookie']!.split(';')[0]!;
    const list = (server: BuiltServer) => request.get(`${server.url}/api/admin/reviews`, { headers: { cookie } });
    expect((await list(a)).status()).toBe(200);
    expect((await list(b)).status()).toBe(200);

    const logout = await request.post(`${b.url}/api/admin/logout`, { headers: { cookie, origin: b.url } });
    expect(logout.status()).toBe(204);
    expect((await list(a)).status()).toBe(401);
    expect((await list(b)).status()).toBe(401);
  });

  test('a publish on one server is served by the other within 10 s, without a restart', async ({ request }) => {
    const login = await request.post(`${a.url}/api/admin/login`, {
      data: { password: TEST_ADMIN_PASSWORD },
      headers: { origin: a.url },
    });
    expect(login.status()).toBe(204);
    const headers = { cookie: login.headers()['set-cookie']!.split(';')[0]!, origin: a.url };
    const state = (await (await request.get(`${a.url}/api/admin/content`, { headers })).json()) as {
      published: { version: number; content: { hero: { headline: Record<string, string> } } };
    };
    const content = state.published.content;
    content.hero.headline = { ...content.hero.headline, en: 'Published on server A' };
    const saved = await request.put(`${a.url}/api/admin/content/draft`, {
      headers,
      data: { baseVersion: state.published.version, content },
    });
    expect(saved.status()).toBe(200);
    const { baseVersion } = (await saved.json()) as { baseVersion: string };
    const published = await request.post(`${a.url}/api/admin/content/publish`, { headers, data: { baseVersion } });
    expect(published.status()).toBe(200);
    const publishedAt = Date.now();
    expect(await (await request.get(`${a.url}/`)).text()).toContain('Published on server A');
    await expect
      .poll(async () => (await request.get(`${b.url}/`)).text(), { timeout: 10_000, intervals: [200] })
      .toContain('Published on server A');
    console.log(`Content publish: server B served it ${Date.now() - publishedAt} ms after server A published it`);
  });

  test('the login lockout counts failures on both servers together', async ({ request }) => {
    const attempt = (server: BuiltServer, password: string) =>
      request.post(`${server.url}/api/admin/login`, { data: { password }, headers: { origin: server.url } });
    for (const server of [a, b, a, b, a]) expect((await attempt(server, 'wrong password, again')).status()).toBe(401);
    // The sixth attempt, on the server that saw only two failures, is refused even with the right password.
    const locked = await attempt(b, TEST_ADMIN_PASSWORD);
    expect(locked.status()).toBe(429);
    expect(Number(locked.headers()['retry-after'])).toBeGreaterThan(0);
  });
});
