import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const SERVER_ENTRY = join(ROOT, 'dist/server/server/index.js');
const START_TIMEOUT_MS = 20_000;
// The server's own shutdown grace is 10 s; past that it is stuck, and is killed.
const STOP_TIMEOUT_MS = 15_000;

export interface BenchServer {
  url: string;
  pid: number | undefined;
  output: () => string;
  stop: () => Promise<void>;
}

/** A port nobody listens on right now, on the loopback interface only. */
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
 * Starts the real built server (dist/) as a child process on 127.0.0.1, as in production but
 * with the submission limit raised so the rate limiter never answers instead of the route.
 */
export async function startServer(databaseUrl: string): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: 'bench admin password',
      LOG_LEVEL: 'warn',
      SUBMISSIONS_PER_WINDOW: '100000',
      // No SMTP_URL: inquiries stay in the outbox, so no mail server is part of the figures.
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer GET /healthz with 200 within ${START_TIMEOUT_MS / 1000} s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid, output: () => log, stop };
}
