import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_PLACEHOLDERS } from '../../shared/privacy.js';
import { SITE_URL_PLACEHOLDER } from '../../shared/site-url.js';
import { type BuiltFile, writeClientBuild } from '../../../tests/support/server/client-build.js';
import { percentEncode } from '../../../tests/support/server/fuzz-requests.js';
import { decodeBody, rawGet, type RawResponse } from '../../../tests/support/server/raw-http.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

// Static files never leave the build folder. Request targets go over a real socket, byte for
// byte: fetch, http.request and inject all normalise or refuse the interesting ones.

const SITE = 'http://estadia.test';
const SECRET = `estadia-secret-${randomUUID()}`;
const REPO_PACKAGE_JSON = fileURLToPath(new URL('../../../package.json', import.meta.url));
// Enough ".." to climb from any temporary folder to / (more stay at /).
const TO_FS_ROOT = 16;

let dir: string;
let clientDir: string;
let built: BuiltFile[];
let site: TestApp;
let app: FastifyInstance;
let port: number;
/** What a 2xx may carry: a file of the build, or a page the server fills in from one. */
const allowedBodies = new Set<string>();
let markers: Array<[label: string, text: string]>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-static-'));
  clientDir = join(dir, 'client');
  built = writeClientBuild(clientDir);
  // Next to the build, what a traversal would be after: a secret, its precompressed forms (which
  // preCompressed would pick for Accept-Encoding: br/gzip), and a folder whose name starts with
  // the build folder's (a root check without a trailing separator would let it through).
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  writeFileSync(join(dir, 'secret.txt.br'), brotliCompressSync(SECRET));
  writeFileSync(join(dir, 'secret.txt.gz'), gzipSync(SECRET));
  mkdirSync(join(dir, 'client-private'));
  writeFileSync(join(dir, 'client-private', 'secret.txt'), SECRET);

  // A SQLite file beside the build, on either database's run: it is one of the markers below.
  site = await createTestApp(
    { DATABASE_URL: `file:${join(dir, 'data', 'estadia.sqlite')}`, SITE_URL: SITE },
    { clientDir },
  );
  app = site.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  port = address.port;

  // The markers must really be in their files, or finding none of them would prove nothing.
  expect(readFileSync(join(dir, 'data', 'estadia.sqlite')).toString('latin1')).toContain('SQLite format 3');
  expect(readFileSync(REPO_PACKAGE_JSON, 'utf8')).toContain('"name": "estadia"');
  markers = [
    ['the secret next to the build', SECRET],
    ['the SQLite database', 'SQLite format 3'],
    ["the repository's package.json", '"name": "estadia"'],
    // The page templates are only ever sent with SITE_URL filled in.
    ['a raw page template', SITE_URL_PLACEHOLDER],
    ...Object.values(PRIVACY_PLACEHOLDERS).map((token): [string, string] => ['a raw privacy page template', token]),
  ];
  if (existsSync('/etc/passwd') && readFileSync('/etc/passwd', 'utf8').includes('root:'))
    markers.push(['/etc/passwd', 'root:']);

  for (const file of built) {
    allowedBodies.add(file.content.toString('base64'));
    allowedBodies.add(decoded(file.path, file.content).toString('base64'));
  }
  for (const page of ['/', '/pt/', '/privacy', '/pt/privacy', '/booking/ABC123']) {
    const answer = await rawGet(port, page);
    expect(answer.status).toBe(200);
    allowedBodies.add(answer.body.toString('base64'));
  }
}, 30_000);

afterAll(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The home pages an unknown page path is redirected to. */
const HOMES = ['/', '/pt/'];

/** A .br/.gz file of the build counts as the file it compresses. */
function decoded(path: string, content: Buffer): Buffer {
  if (path.endsWith('.br')) return decodeBody(content, 'br');
  if (path.endsWith('.gz')) return decodeBody(content, 'gzip');
  return content;
}

/** Every rule this file is about, for one answer; returns what is wrong, if anything. */
function problems(target: string | Buffer, method: string, answer: RawResponse): string[] {
  const found: string[] = [];
  const label = `${method} ${JSON.stringify(target.toString())}`;
  if (answer.status >= 500) found.push(`${label}: ${answer.status}`);
  // An unknown page path goes home (the spec's "any other: redirected to /"), to a fixed address
  // that names nothing of the request; any other redirect is a problem.
  if (answer.status >= 300 && answer.status < 400 && !HOMES.includes(String(answer.headers.location)))
    found.push(`${label}: redirected (${answer.status}) to ${answer.headers.location}`);
  const views = readings(answer);
  for (const [name, marker] of markers) {
    if (views.some((view) => view.toString('latin1').includes(marker)))
      found.push(`${label}: ${answer.status} with ${name}`);
  }
  const body = views[0]!;
  if (method === 'GET' && answer.status >= 200 && answer.status < 300 && !allowedBodies.has(body.toString('base64'))) {
    found.push(
      `${label}: ${answer.status} with a body that is no file of the build: ${JSON.stringify(body.toString('latin1').slice(0, 80))}`,
    );
  }
  return found;
}

/**
 * The body as the client reads it (Content-Encoding undone), then as sent, then inflated as if it
 * were a compressed file sent as is: a marker hidden in any of them counts.
 */
function readings(answer: RawResponse): Buffer[] {
  const attempts = [
    () => decodeBody(answer.body, answer.headers['content-encoding']),
    () => answer.body,
    () => decodeBody(answer.body, 'gzip'),
    () => decodeBody(answer.body, 'br'),
  ];
  return attempts.flatMap((read) => {
    try {
      return [read()];
    } catch {
      return [];
    }
  });
}

const repoPath = REPO_PACKAGE_JSON.split('/').filter(Boolean);

/** The brief's list and its relatives: encodings, separators, NUL, absolute forms, aliases. */
function handcraftedTargets(): Array<string | Buffer> {
  const secretPath = join(dir, 'secret.txt');
  return [
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/%252e%252e/secret.txt',
    '/%252e%252e%252fsecret.txt',
    '/..\\secret.txt',
    '/assets\\..\\..\\secret.txt',
    '/..%5csecret.txt',
    '/%5c..%5csecret.txt',
    '/..%25%35%63secret.txt',
    '/%c0%ae%c0%ae/secret.txt',
    '/%c0%ae%c0%ae%c0%afsecret.txt',
    '/..%c0%afsecret.txt',
    '/..%e0%80%afsecret.txt',
    '/%u002e%u002e/secret.txt',
    '/%ef%bc%8e%ef%bc%8e/secret.txt',
    '/secret.txt%00',
    '/../secret.txt%00.js',
    '/assets/index-Ab12Cd34.js%00/../../secret.txt',
    '/assets/index-Ab12Cd34.js/../../../secret.txt',
    '//etc/passwd',
    '///etc/passwd',
    '/.//etc/passwd',
    '/assets//../../secret.txt',
    '/assets/./../../secret.txt',
    '/./../secret.txt',
    '/.%2e/secret.txt',
    '/..',
    '/%2e%2e',
    '/assets/..',
    '/assets/%2e%2e',
    '/..;/secret.txt',
    '/..%3b/secret.txt',
    `/${'..%2f'.repeat(TO_FS_ROOT)}etc%2fpasswd`,
    `/${'../'.repeat(TO_FS_ROOT)}etc/passwd`,
    `/assets/${'..%2f'.repeat(TO_FS_ROOT)}etc%2fpasswd`,
    '/../client-private/secret.txt',
    '/%2e%2e/client-private/secret.txt',
    '/..%2fclient-private%2fsecret.txt',
    '/../data/estadia.sqlite',
    '/../data/estadia.sqlite-wal',
    '/%2e%2e/data/estadia.sqlite',
    '/data/estadia.sqlite',
    `/${'../'.repeat(TO_FS_ROOT)}${repoPath.join('/')}`,
    `//${repoPath.join('/')}`,
    `/${percentEncode(REPO_PACKAGE_JSON)}`,
    '/package.json',
    secretPath,
    `/${percentEncode(secretPath)}`,
    `/assets/..${secretPath}`,
    '/secret.txt',
    'http://estadia.test/../secret.txt',
    'http://estadia.test/%2e%2e/secret.txt',
    'http://127.0.0.1/assets/../../secret.txt',
    'file:///etc/passwd',
    '*',
    '/index.html',
    '/index.html.br',
    '/index.html.gz',
    '/app.html',
    '/INDEX.HTML',
    '/index.html%2ebr',
    '/assets/../index.html',
    '/index.html.br?/../../secret.txt',
    '/pt/index.html',
    '/pt/index.html.br',
    '/pt/index.html.gz',
    '/pt/../index.html',
    '/pt/%2e%2e/app.html',
    '/privacy.html',
    '/privacy.html.br',
    '/privacy.html.gz',
    '/pt/privacy.html',
    '/pt/privacy.html.gz',
    '/privacy/',
    '/pt/privacy/../privacy.html',
    // Raw bytes no client library would send: a NUL, overlong UTF-8, a byte that is no UTF-8, a tab.
    Buffer.from('/..\u0000/secret.txt', 'latin1'),
    Buffer.from('/\u00c0\u00ae\u00c0\u00ae/secret.txt', 'latin1'),
    Buffer.from('/..\u00ff/secret.txt', 'latin1'),
    Buffer.from('/..\t/secret.txt', 'latin1'),
  ];
}

const DOTS = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%e0%80%ae%e0%80%ae',
  '%ef%bc%8e%ef%bc%8e',
  '..%00',
  '..;',
  '....',
  '.. ',
];
const SEPARATORS = ['/', '%2f', '%2F', '\\', '%5c', '%5C', '%252f', '%c0%af', '%e0%80%af', '//', '/./'];
const PREFIXES = [
  { path: '', depth: 0 },
  { path: '/assets', depth: 1 },
  { path: '/assets/img', depth: 2 },
];

/** Every combination of an encoded "..", a separator, a starting folder and a file worth stealing. */
function generatedTargets(): string[] {
  const goals = [
    { parts: ['secret.txt'], ups: 1 },
    { parts: ['client-private', 'secret.txt'], ups: 1 },
    { parts: ['data', 'estadia.sqlite'], ups: 1 },
    { parts: ['etc', 'passwd'], ups: TO_FS_ROOT },
    { parts: repoPath, ups: TO_FS_ROOT },
  ];
  const targets: string[] = [];
  for (const prefix of PREFIXES) {
    for (const dots of DOTS) {
      for (const separator of SEPARATORS) {
        for (const goal of goals) {
          const ups = goal.ups === TO_FS_ROOT ? TO_FS_ROOT : goal.ups + prefix.depth;
          targets.push(
            `${prefix.path}/${Array<string>(ups).fill(dots).join(separator)}${separator}${goal.parts.join(separator)}`,
          );
        }
      }
    }
  }
  return targets;
}

describe('static files', () => {
  it('serves the build: assets (precompressed too), the favicon, an image and the filled-in pages', async () => {
    const script = built.find((f) => f.path === '/assets/index-Ab12Cd34.js')!;
    const plain = await rawGet(port, script.path);
    expect(plain.status).toBe(200);
    expect(plain.body.equals(script.content)).toBe(true);
    expect(plain.headers['cache-control']).toContain('immutable');
    const brotli = await rawGet(port, script.path, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(decodeBody(brotli.body, 'br').equals(script.content)).toBe(true);
    for (const path of ['/favicon.svg', '/assets/img/lake-400-Ij90Kl12.webp', '/assets/index-Ef56Gh78.css']) {
      const answer = await rawGet(port, path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.equals(built.find((f) => f.path === path)!.content), path).toBe(true);
    }
    const landing = await rawGet(port, '/', { 'accept-encoding': 'br, gzip' });
    expect(landing.status).toBe(200);
    const html = decodeBody(landing.body, landing.headers['content-encoding']).toString('utf8');
    expect(html).toContain(`href="${SITE}/"`);
    expect(html).not.toContain(SITE_URL_PLACEHOLDER);
    // The checks below would catch these bytes if a traversal ever returned them.
    expect(problems(script.path, 'GET', { ...plain, body: Buffer.from(SECRET) })).not.toEqual([]);
  });

  it.each(['GET', 'HEAD'])(
    'never answers a handcrafted traversal with a file from outside the build (%s)',
    async (method) => {
      const found: string[] = [];
      for (const target of handcraftedTargets()) {
        for (const headers of [{}, { 'accept-encoding': 'br, gzip' }] as Array<Record<string, string>>) {
          const answer = await rawGet(port, target, headers, method);
          found.push(...problems(target, method, answer));
          // A HEAD may only succeed where the GET does, with a file of the build.
          if (method === 'HEAD' && answer.status < 300)
            found.push(...problems(target, 'GET', await rawGet(port, target, headers)));
        }
      }
      expect(found).toEqual([]);
    },
  );

  it(`never answers any of ${DOTS.length * SEPARATORS.length * PREFIXES.length * 5} generated traversals with a file from outside the build`, async () => {
    const targets = generatedTargets();
    expect(targets).toHaveLength(DOTS.length * SEPARATORS.length * PREFIXES.length * 5);
    const found: string[] = [];
    const statuses = new Map<number, number>();
    for (const target of targets) {
      const answer = await rawGet(port, target, { 'accept-encoding': 'br, gzip' });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      found.push(...problems(target, 'GET', answer));
    }
    expect(found).toEqual([]);
    // Refused at some layer, not by a crash: every answer was a 2xx page, a redirect home (checked
    // by problems() above) or a 4xx.
    expect([...statuses.keys()].every((s) => (s >= 200 && s < 300) || s === 302 || (s >= 400 && s < 500))).toBe(true);
  }, 60_000);
});
