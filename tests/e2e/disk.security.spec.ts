import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/browser/test-fixtures.js';
import { freePort } from '../support/server/free-port.js';
import { BUILT_SERVER_ENTRY, startServer, TEST_ADMIN_PASSWORD } from '../support/browser/built-server.js';

const RUN_TIMEOUT_MS = 20_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/**
 * Mounts a small tmpfs (1 MB: room for a migrated database, about 300 KB) on `mountPoint` in a private mount namespace, so that nothing outlives the
 * process or shows outside it, puts the seed database there if given, runs `spoil` to make the
 * folder unwritable, proves it by a write that must fail, and then runs the built server there.
 */
async function startOnSpoiltDisk(mountPoint: string, seed: string | undefined, spoil: string): Promise<Run> {
  const script = [
    'set -e',
    'dir=$1',
    'mount -t tmpfs -o size=1m tmpfs "$dir"',
    'if [ -n "$2" ]; then cp "$2" "$dir/e2e.sqlite"; fi',
    spoil,
    'if err=$( { head -c 4096 /dev/zero > "$dir/probe"; } 2>&1 ); then echo "PROBE: a write succeeded"; exit 97; fi',
    'echo "PROBE: $err"',
    'exec "$3" "$4"',
  ].join('\n');
  const port = await freePort();
  const child = spawn(
    'unshare',
    [
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      script,
      'sh',
      mountPoint,
      seed ?? '',
      process.execPath,
      BUILT_SERVER_ENTRY,
    ],
    {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        DATABASE_URL: `file:${join(mountPoint, 'e2e.sqlite')}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // unshare and sh exec into each other and then into node: this pid is the server's.
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (c, s) => resolve([c, s])),
  );
  clearTimeout(timer);
  return { code, signal, output };
}

/** A real, migrated database, as a server leaves it: the owner's disk that later fails. */
async function seedDatabase(folder: string): Promise<string> {
  const seed = join(folder, 'seed.sqlite');
  const server = await startServer({ env: { DATABASE_URL: `file:${seed}` } });
  await server.stop();
  // A clean stop folds the write-ahead log into the file, so the file alone is the whole database.
  expect(existsSync(`${seed}-wal`)).toBe(false);
  return seed;
}

const cases = [
  {
    condition: 'a read-only file system',
    spoil: 'mount -o remount,ro "$dir"',
    probe: 'Read-only file system',
    says: /read-only/i,
  },
  {
    condition: 'a full disk',
    spoil: 'head -c 2M /dev/zero > "$dir/fill" 2>/dev/null || true',
    probe: 'No space left on device',
    says: /full/i,
  },
];

for (const { condition, spoil, probe, says } of cases) {
  // About the SQLite file on the server's own disk.
  test(
    `on ${condition} the server refuses to start and says why, naming the database, without a stack trace`,
    { tag: '@sqlite-only' },
    async () => {
      test.setTimeout(60_000);
      const folder = mkdtempSync(join(tmpdir(), 'estadia-disk-'));
      try {
        const seed = await seedDatabase(folder);
        for (const existing of [true, false]) {
          await test.step(existing ? 'with the database already there' : 'with no database yet', async () => {
            const mountPoint = mkdtempSync(join(folder, 'mnt-'));
            const run = await startOnSpoiltDisk(mountPoint, existing ? seed : undefined, spoil);
            const lines = run.output.split('\n');
            const probed = lines.filter((line) => line.startsWith('PROBE: ')).join('\n');
            const server = lines.filter((line) => !line.startsWith('PROBE: ')).join('\n');
            expect(probed, 'the folder is not what the test claims').toContain(probe);
            expect(run.signal, `the server kept running:\n${server}`).toBeNull();
            expect(run.code).not.toBe(0);
            expect(server).toContain('Estadia cannot start');
            expect(server).toContain(join(mountPoint, 'e2e.sqlite'));
            expect(server).toMatch(says);
            expect(server).not.toMatch(/\n\s+at /);
          });
        }
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
}
