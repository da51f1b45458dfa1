import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_SERVER_ENTRY, type BuiltServer, startServer } from '../tests/support/browser/built-server.js';
import { freePort } from '../tests/support/server/free-port.js';
import { TEST_DATA_KEY, TEST_PASSWORD } from '../tests/support/server/test-app.js';
import { createPostgresSchema, type TestDatabase } from '../tests/support/server/test-database.js';
import { cheapPasswordHash } from '../tests/support/server/test-password.js';

// Debian's Caddy, running deploy/Caddyfile itself (its domain and upstreams set through Caddy's
// environment placeholders) with its internal certificate authority on a loopback name, in front
// of two built servers (npm run build first) on one PostgreSQL database (docs/deploying.md):
// HTTP/2, HSTS and the __Host- cookie over HTTPS, each client's own address behind the proxy (the
// login lockout), a signed Stripe webhook through it, a publish from the editor served by both
// servers, and the site answering with one server stopped.

const ROOT = join(import.meta.dirname, '..');
const NAME = 'estadia.localhost';
const WEBHOOK_SECRET = 'whsec_caddy_test';
const dir = mkdtempSync(join(tmpdir(), 'estadia-caddy-'));
let caddy: ChildProcess;
let caddyLog = '';
let servers: BuiltServer[] = [];
let database: TestDatabase;
let origin: string;
let ca: Buffer;

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('the Caddy test runs on PostgreSQL: set TEST_DATABASE_URL (.ci/run does)');
  if (!existsSync(BUILT_SERVER_ENTRY))
    throw new Error(`${BUILT_SERVER_ENTRY} is missing: run "npm run build" before this test`);
  database = await createPostgresSchema(base);
  const httpsPort = await freePort();
  const httpPort = await freePort();
  origin = `https://${NAME}:${httpsPort}`;
  const env = {
    DATABASE_URL: database.url,
    SITE_URL: origin,
    TRUST_PROXY: '127.0.0.1',
    LOGIN_MAX_FAILURES: '3',
    ADMIN_PASSWORD_HASH: await cheapPasswordHash(TEST_PASSWORD),
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    STRIPE_SECRET_KEY: 'sk_test_caddy',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: 'http://127.0.0.1:9',
  };
  // One after the other: the first migrates the database and makes the content folder version 1.
  servers = [await startServer({ env })];
  servers.push(await startServer({ env }));
  // Only what a machine of its own would not need: loopback ports, a folder for the certificates,
  // and no admin endpoint. The site block is deploy/Caddyfile's, unchanged.
  writeFileSync(
    join(dir, 'Caddyfile'),
    `{
	admin off
	default_bind 127.0.0.1
	http_port ${httpPort}
	https_port ${httpsPort}
	storage file_system ${join(dir, 'data')}
	skip_install_trust
	local_certs
}
import ${join(ROOT, 'deploy/Caddyfile')}
`,
  );
  caddy = spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
      ESTADIA_DOMAIN: `${NAME}:${httpsPort}`,
      ESTADIA_UPSTREAMS: servers.map((s) => new URL(s.url).host).join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (c: Buffer) => (caddyLog += c.toString()));
  caddy.stderr?.on('data', (c: Buffer) => (caddyLog += c.toString()));
  // Bounded wait for Caddy's root certificate and its first answer.
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      ca = readFileSync(join(dir, 'data/pki/authorities/local/root.crt'));
      if ((await request('GET', '/healthz')).status === 200) break;
    } catch {
      // Not ready yet.
    }
    if (Date.now() > deadline || caddy.exitCode !== null) throw new Error(`Caddy did not start:\n${caddyLog}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 120_000);

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((resolve) => caddy.once('exit', resolve));
    caddy.kill('SIGTERM');
    await exited;
  }
  for (const server of servers) await server.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
  protocol: string | undefined;
}

/** One request over HTTP/2 to Caddy, from the given loopback address (a client of its own). */
function request(
  method: string,
  path: string,
  { from = '127.0.0.1', headers = {}, body }: { from?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // http2.connect hands its options to tls.connect, which takes the local address to send from.
    const options = { ca, servername: NAME, localAddress: from } as http2.SecureClientSessionOptions;
    const session = http2.connect(origin.replace(NAME, '127.0.0.1'), options);
    session.on('error', reject);
    const stream = session.request({
      ':method': method,
      ':path': path,
      ':authority': new URL(origin).host,
      ...headers,
    });
    let text = '';
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    stream.on('end', () => {
      const protocol = session.alpnProtocol;
      session.close();
      resolve({ status: Number(answer[':status']), headers: answer, body: text, protocol });
    });
    stream.on('error', reject);
    stream.setTimeout(15_000, () => stream.close());
    stream.end(body);
  });
}

const login = (password: string, from: string) =>
  request('POST', '/api/admin/login', {
    from,
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ password }),
  });

describe('behind Caddy', { timeout: 120_000 }, () => {
  it('answers over HTTP/2 with HSTS, and the login sets the __Host- cookie, Secure', async () => {
    const health = await request('GET', '/healthz');
    expect(health.protocol).toBe('h2');
    expect(health.status).toBe(200);
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const ok = await login(TEST_PASSWORD, '127.0.0.5');
    expect(ok.status).toBe(204);
    expect(String(ok.headers['set-cookie'])).toMatch(/^__Host-[^=]+=[^;]+;.*Secure/);
  });

  it('locks out the client that guessed, by its own address, not everyone behind the proxy', async () => {
    for (let i = 0; i < 3; i++) expect((await login('wrong password!!', '127.0.0.2')).status).toBe(401);
    expect((await login(TEST_PASSWORD, '127.0.0.2')).status).toBe(429);
    expect((await login(TEST_PASSWORD, '127.0.0.3')).status).toBe(204);
  });

  it('delivers a Stripe webhook through the proxy with its signature intact, and refuses a forged one', async () => {
    const payload = JSON.stringify({
      id: 'evt_caddy_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const signature = new Stripe('sk_test_caddy').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const post = (sig: string) =>
      request('POST', '/api/payments/stripe/webhook', {
        headers: { 'content-type': 'application/json', 'stripe-signature': sig },
        body: payload,
      });
    expect((await post(signature.replace(/v1=[0-9a-f]/, 'v1=0'))).status).toBe(400);
    const delivered = await post(signature);
    expect(delivered.status, delivered.body).toBe(200);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query('select id from stripe_events');
    await client.end();
    expect(rows).toEqual([{ id: 'evt_caddy_1' }]);
  });

  it('serves a publish from the editor, made through the proxy, from both servers', async () => {
    const signedIn = await login(TEST_PASSWORD, '127.0.0.6');
    expect(signedIn.status).toBe(204);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const admin = (method: string, path: string, body?: unknown) =>
      request(method, path, {
        from: '127.0.0.6',
        headers: { cookie, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const state = await admin('GET', '/api/admin/content');
    expect(state.status, state.body).toBe(200);
    const { published } = JSON.parse(state.body) as {
      published: { version: number; content: { hero: { headline: Record<string, string> } } };
    };
    const headline = `Published through Caddy ${Date.now()}`;
    published.content.hero.headline = { en: headline, 'pt-PT': `Publicado através do Caddy ${Date.now()}` };
    const saved = await admin('PUT', '/api/admin/content/draft', {
      baseVersion: published.version,
      content: published.content,
    });
    expect(saved.status, saved.body).toBe(200);
    const { baseVersion } = JSON.parse(saved.body) as { baseVersion: string };
    const done = await admin('POST', '/api/admin/content/publish', { baseVersion });
    expect(done.status, done.body).toBe(200);
    expect((JSON.parse(done.body) as { version: number }).version).toBe(published.version + 1);

    // Each server asks the database for the newest version every 5 s (docs/deploying.md): the one
    // that did not take the publish serves it within 10 s. Asked directly, each in turn.
    for (const server of servers) {
      const deadline = Date.now() + 20_000;
      let page = '';
      while (!page.includes(headline) && Date.now() < deadline) {
        page = await (await fetch(`${server.url}/`)).text();
        if (!page.includes(headline)) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(page, server.url).toContain(headline);
    }
    for (let i = 0; i < 6; i++) {
      const page = await request('GET', '/');
      expect(page.status).toBe(200);
      expect(page.body).toContain(headline);
    }
  });

  it('keeps answering with one server stopped', async () => {
    await servers[0]!.stop();
    for (let i = 0; i < 6; i++) expect((await request('GET', '/api/reviews')).status).toBe(200);
  });
});
