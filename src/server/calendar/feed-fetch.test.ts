import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LookupFunction } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawCalendar } from '../../../tests/support/fixtures/calendar-feeds.js';
import { freePort } from '../../../tests/support/server/free-port.js';
import { PUBLIC_ONLY, type FetchPolicy } from './feed-address.js';
import { FeedFetchError, fetchFeed, fetchFeedWithPolicy } from './feed-fetch.js';

/** An empty calendar: BEGIN:VCALENDAR, VERSION:2.0, END:VCALENDAR. */
const FEED = rawCalendar();
const ETAG = '"v1"';
const LAST_MODIFIED = 'Mon, 23 Nov 2026 08:00:00 GMT';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A loopback server whose paths answer as the test says, and which records every request. */
const routes = new Map<string, Handler>();
const seen: IncomingMessage[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    const handler = routes.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  routes.clear();
  seen.length = 0;
  routes.set('/feed', (request, response) => {
    if (request.headers['if-none-match'] === ETAG) return void response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'text/calendar', etag: ETAG, 'last-modified': LAST_MODIFIED }).end(FEED);
  });
  for (let i = 1; i <= 4; i++)
    routes.set(`/r${i}`, (_q, response) =>
      response.writeHead(i % 2 ? 302 : 301, { location: i === 1 ? 'feed' : `/r${i - 1}` }).end(),
    );
});

const open = { allowPrivateHosts: true };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof FeedFetchError ? error.message : `not a FeedFetchError: ${String(error)}`),
  );

/** A resolver standing in for DNS: it answers from the table, records the names asked, and never touches the network. */
function fakeDns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const lookup: LookupFunction = (hostname, options, callback) => {
    asked.push(hostname);
    const addresses = (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (addresses.length === 0)
      return callback(Object.assign(new Error(`not found: ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
  };
  return { lookup, asked };
}

describe('fetching from a loopback server with CALENDAR_ALLOW_PRIVATE_HOSTS', () => {
  it('returns the body with its ETag and Last-Modified, asking for a calendar', async () => {
    expect(await fetchFeed(`${base}/feed`, open)).toEqual({
      status: 'ok',
      body: Buffer.from(FEED),
      etag: ETAG,
      lastModified: LAST_MODIFIED,
    });
    expect(seen[0]?.headers.accept).toContain('text/calendar');
    expect(seen[0]?.headers['if-none-match']).toBeUndefined();
  });

  it('sends the ETag and Last-Modified back and reads a 304 as not-modified', async () => {
    const first = await fetchFeed(`${base}/feed`, open);
    if (first.status !== 'ok') throw new Error('expected a body');
    expect(await fetchFeed(`${base}/feed`, { ...open, etag: first.etag, lastModified: first.lastModified })).toEqual({
      status: 'not-modified',
    });
    expect(seen[1]?.headers).toMatchObject({ 'if-none-match': ETAG, 'if-modified-since': LAST_MODIFIED });
  });

  it.each([1, 2, 3])('follows %i redirects', async (count) => {
    expect(await fetchFeed(`${base}/r${count}`, open)).toMatchObject({ status: 'ok', body: Buffer.from(FEED) });
    expect(seen.map((r) => r.url)).toHaveLength(count + 1);
  });

  it('refuses a fourth redirect without following it', async () => {
    expect(await refusal(fetchFeed(`${base}/r4`, open))).toBe('too many redirects');
    expect(seen.map((r) => r.url)).toEqual(['/r4', '/r3', '/r2', '/r1']);
  });

  it('gives up on a server that never answers', async () => {
    routes.set('/silent', () => undefined);
    expect(await refusal(fetchFeed(`${base}/silent`, { ...open, timeoutMs: 300 }))).toBe('timed out after 0.3 s');
  });

  it('counts the time over the body and the redirects too', async () => {
    routes.set('/stalls', (_q, response) => response.writeHead(200).write('BEGIN:VCALENDAR\r\n'));
    expect(await refusal(fetchFeed(`${base}/stalls`, { ...open, timeoutMs: 300 }))).toBe('timed out after 0.3 s');
    routes.set(
      '/slow',
      (_q, response) => void setTimeout(() => response.writeHead(302, { location: '/slow' }).end(), 200),
    );
    expect(await refusal(fetchFeed(`${base}/slow`, { ...open, timeoutMs: 300 }))).toBe('timed out after 0.3 s');
  });

  it('stops reading a body past maxBytes, with or without Content-Length', async () => {
    routes.set('/big', (_q, response) => response.writeHead(200).end('x'.repeat(5000)));
    routes.set('/big-declared', (_q, response) =>
      response.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)),
    );
    expect(await refusal(fetchFeed(`${base}/big`, { ...open, maxBytes: 1024 }))).toBe('the feed is larger than 1 kB');
    expect(await refusal(fetchFeed(`${base}/big-declared`, { ...open, maxBytes: 1024 }))).toBe(
      'the feed is larger than 1 kB',
    );
    expect(await fetchFeed(`${base}/big`, { ...open, maxBytes: 5000 })).toMatchObject({ status: 'ok' });
  });

  it('decodes gzip and br, counts the limit on the decoded bytes, and names an unknown encoding', async () => {
    const body = FEED.repeat(100);
    routes.set('/gzip', (_q, response) => response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(body)));
    routes.set('/br', (_q, response) =>
      response.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(body)),
    );
    routes.set('/bomb', (_q, response) =>
      response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(1_000_000))),
    );
    expect(await fetchFeed(`${base}/gzip`, open)).toMatchObject({ body: Buffer.from(body) });
    expect(await fetchFeed(`${base}/br`, open)).toMatchObject({ body: Buffer.from(body) });
    expect(await refusal(fetchFeed(`${base}/bomb`, { ...open, maxBytes: 64 * 1024 }))).toBe(
      'the feed is larger than 64 kB',
    );
    routes.set('/zstd', (_q, response) => response.writeHead(200, { 'content-encoding': 'zstd' }).end('?'));
    expect(await refusal(fetchFeed(`${base}/zstd`, open))).toBe('the feed uses an unknown content encoding (zstd)');
  });

  it.each([404, 500])('names HTTP %i', async (status) => {
    routes.set('/fails', (_q, response) => response.writeHead(status).end('oops'));
    expect(await refusal(fetchFeed(`${base}/fails`, open))).toBe(`HTTP ${status}`);
  });

  it('names a refused connection, a bad URL and a scheme that is not http', async () => {
    expect(await refusal(fetchFeed(`http://127.0.0.1:${await freePort()}/feed`, open))).toBe(
      'the connection was refused',
    );
    expect(await refusal(fetchFeed('not a url', open))).toBe('the address is not a valid URL');
    expect(await refusal(fetchFeed('file:///etc/passwd', open))).toBe(
      'only http:// and https:// addresses can be fetched',
    );
  });

  it('connects to the address its lookup gave, once per request', async () => {
    const dns = fakeDns({ 'feed.test': ['127.0.0.1'] });
    const url = `${base.replace('127.0.0.1', 'feed.test')}/feed`;
    expect(await fetchFeed(url, { ...open, lookup: dns.lookup })).toMatchObject({ status: 'ok' });
    expect(dns.asked).toEqual(['feed.test']);
    expect(seen[0]?.headers.host).toBe(new URL(url).host);
  });
});

describe('without CALENDAR_ALLOW_PRIVATE_HOSTS', () => {
  const strict = { allowPrivateHosts: false };

  it('refuses http:// before looking anything up', async () => {
    const dns = fakeDns({ 'feed.test': ['127.0.0.1'] });
    expect(
      await refusal(fetchFeed(`${base}/feed`.replace('127.0.0.1', 'feed.test'), { ...strict, lookup: dns.lookup })),
    ).toBe('https:// is required');
    expect(dns.asked).toEqual([]);
    expect(seen).toEqual([]);
  });

  it.each([
    ['https://127.0.0.1/calendar.ics', 'the address is loopback (127.0.0.1)'],
    ['https://[::1]/calendar.ics', 'the address is loopback (::1)'],
    ['https://10.0.0.5/calendar.ics', 'the address is private (10.0.0.5)'],
    ['https://[::ffff:a00:1]/calendar.ics', 'the address is private (::ffff:a00:1)'],
    ['https://2130706433/calendar.ics', 'the address is loopback (127.0.0.1)'],
  ])('refuses the literal address in %s', async (url, message) => {
    expect(await refusal(fetchFeed(url, strict))).toBe(message);
  });

  it.each([
    ['10.1.2.3', 'private'],
    ['192.168.1.1', 'private'],
    ['172.16.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['::1', 'loopback'],
    ['fd00::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses a name that resolves to %s, without connecting', async (address, label) => {
    // The fake resolver is the only one in play, and a refused answer never reaches connect().
    const dns = fakeDns({ 'calendar.example': [address] });
    const message = await refusal(
      fetchFeed('https://calendar.example/feed.ics', { ...strict, lookup: dns.lookup, timeoutMs: 2000 }),
    );
    expect(message).toBe(`the address of calendar.example is ${label} (${address})`);
    expect(dns.asked).toEqual(['calendar.example']);
  });
});

describe('the address rule on redirects', () => {
  // The one seam: the strict rules, except that the test's own loopback server may be reached
  // over http, so that it can send the redirects.
  const loopbackToo: FetchPolicy = {
    urlProblem: (url) => (url.hostname === '127.0.0.1' ? null : PUBLIC_ONLY.urlProblem(url)),
    addressProblem: (address) => (address === '127.0.0.1' ? null : PUBLIC_ONLY.addressProblem(address)),
  };
  const dns = fakeDns({ 'private.test': ['10.1.2.3'], 'mixed.test': ['127.0.0.1', '192.168.1.1'] });
  const redirectTo = (location: string) =>
    routes.set('/away', (_q, response) => response.writeHead(302, { location }).end());

  it('the seam still fetches the loopback server itself', async () => {
    expect(await fetchFeedWithPolicy(`${base}/r1`, {}, loopbackToo)).toMatchObject({
      status: 'ok',
    });
  });

  it.each([
    ['https://private.test/feed.ics', 'the address of private.test is private (10.1.2.3)'],
    ['https://mixed.test/feed.ics', 'the address of mixed.test is private (192.168.1.1)'],
    ['http://public.example/feed.ics', 'https:// is required'],
    ['https://[fd00::1]/feed.ics', 'the address is unique-local (fd00::1)'],
    ['https://169.254.169.254/latest/meta-data/', 'the address is link-local (169.254.169.254)'],
  ])('refuses a redirect to %s', async (location, message) => {
    redirectTo(location);
    expect(await refusal(fetchFeedWithPolicy(`${base}/away`, { lookup: dns.lookup }, loopbackToo))).toBe(message);
    expect(seen.map((r) => r.url)).toEqual(['/away']);
  });
});
