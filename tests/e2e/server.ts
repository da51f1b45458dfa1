import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PASSWORD = 'e2e admin password';
const SERVER_ENTRY = join(import.meta.dirname, '../../dist/server/server/index.js');

export interface RunningServer {
  url: string;
  dir: string;
  process: ChildProcess;
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
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the real built server (npm run build first) on a random port with its own SQLite file,
 * or on the database of an earlier server when given its folder (a restart), or another build.
 */
export async function startServer(env: Record<string, string> = {}, reuse: { dir?: string; entry?: string } = {}): Promise<RunningServer> {
  const dir = reuse.dir ?? mkdtempSync(join(tmpdir(), 'estadia-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [reuse.entry ?? SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATABASE_URL: `file:${join(dir, 'e2e.sqlite')}`,
      ADMIN_PASSWORD: E2E_PASSWORD,
      LOG_LEVEL: 'warn',
      SUBMISSIONS_PER_WINDOW: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 20 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dir,
    process: child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
