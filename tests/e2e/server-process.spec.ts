import { spawnSync } from 'node:child_process';
import { BUILT_SERVER_ENTRY, TEST_ADMIN_PASSWORD } from '../support/browser/built-server.js';
import { expect, mailEnv, test } from '../support/browser/test-fixtures.js';

test('serves hashed assets for a year, pre-compressed, and HTML to be revalidated', async ({
  request,
  startServer,
}) => {
  const server = await startServer();
  const html = await request.get(`${server.url}/`);
  expect(html.status()).toBe(200);
  expect(html.headers()['cache-control']).toBe('no-cache');
  const script = (await html.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();

  for (const encoding of ['br', 'gzip']) {
    const asset = await request.get(`${server.url}${script}`, { headers: { 'accept-encoding': encoding } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe(encoding);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }

  // Unknown page paths get the app (which redirects to /); unknown API paths and assets a JSON 404.
  const page = await request.get(`${server.url}/some/old/link`);
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  expect((await request.get(`${server.url}/api/nope`)).status()).toBe(404);
  expect((await request.get(`${server.url}/assets/missing.js`)).status()).toBe(404);
});

test('SIGTERM lets the request in flight finish, then exits cleanly', async ({ request, startServer }) => {
  const server = await startServer();
  // A login takes a few hundred ms of scrypt: long enough to be in flight when the signal lands.
  const login = request.post(`${server.url}/api/admin/login`, {
    data: { password: TEST_ADMIN_PASSWORD },
    headers: { origin: server.url },
  });
  await new Promise((r) => setTimeout(r, 100));
  const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
  server.process.kill('SIGTERM');
  expect((await login).status()).toBe(204);
  expect(await exited).toBe(0);
  await expect(request.get(`${server.url}/healthz`, { timeout: 2000 })).rejects.toThrow();
});

test('a bad setting stops the start with a message that names it, not a stack trace', () => {
  const result = spawnSync(process.execPath, [BUILT_SERVER_ENTRY], {
    env: { PATH: process.env.PATH, PORT: 'eighty', SITE_URL: 'not a url', DATABASE_URL: 'file::memory:' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('Invalid configuration');
  expect(result.stderr).toContain('PORT:');
  expect(result.stderr).toContain('SITE_URL:');
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test('without SMTP_URL the start-up log says inquiries wait in the outbox', async ({ request, startServer }) => {
  const server = await startServer();
  expect(server.output()).toContain('SMTP_URL is not set');
  const response = await request.post(`${server.url}/api/inquiries`, {
    data: { name: 'Waiting', email: 'w@example.com' },
  });
  expect(response.status()).toBe(202);
});

test('an inquiry answered 202 survives SIGKILL and is mailed once after the restart', async ({
  request,
  mailSink: sink,
  startServer,
  restartServer,
}) => {
  await sink.stop();
  const first = await startServer({ env: mailEnv(sink) });
  const response = await request.post(`${first.url}/api/inquiries`, {
    data: { name: 'Killed Right After', email: 'k@example.com' },
  });
  expect(response.status()).toBe(202);
  const exited = new Promise((resolve) => first.process.once('exit', resolve));
  first.process.kill('SIGKILL');
  await exited;

  await sink.start();
  await restartServer(first);
  await sink.waitFor(1, 30_000);
  await new Promise((r) => setTimeout(r, 2500));
  expect(sink.received.map((m) => m.parsed.subject)).toEqual(['New booking inquiry from Killed Right After']);
});
