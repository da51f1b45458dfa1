import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER_ENTRY = join(import.meta.dirname, '../../dist/server/server/index.js');
const START_TIMEOUT_MS = 20_000;
// The server closes its database and connections on SIGTERM; past this it is hung and gets SIGKILL.
const STOP_TIMEOUT_MS = 10_000;

export interface BenchmarkServer {
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Starts the real built server (npm run build first) on a free port of 127.0.0.1 with its own
 * temporary SQLite file, so the benchmark measures what production serves and never touches data/.
 */
export async function startServer(): Promise<BenchmarkServer> {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-lighthouse-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  let log = '';
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: url,
        DATABASE_URL: `file:${join(dir, 'db.sqlite')}`,
        ADMIN_PASSWORD: 'lighthouse benchmark password',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
    const pid = child.pid;

    const stop = async () => {
      if (pid !== undefined && child.exitCode === null && child.signalCode === null) {
        process.kill(pid, 'SIGTERM');
        const timer = setTimeout(() => process.kill(pid, 'SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      removeDir();
    };

    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const failed = await Promise.race([spawnError, new Promise<undefined>((r) => setTimeout(r, 100, undefined))]);
      if (failed) throw new Error(`server could not be spawned: ${failed.message}`);
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start:\n${log}`);
      try {
        if ((await fetch(`${url}/healthz`)).status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`server did not answer /healthz with 200 in ${START_TIMEOUT_MS / 1000} s:\n${log}`);
      }
    }
    if (pid === undefined) throw new Error('server has no pid');
    return { url, pid, output: () => log, stop };
  } catch (error) {
    removeDir();
    throw error;
  }
}
