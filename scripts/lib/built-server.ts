import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../tests/support/free-port.js';

const ROOT = join(import.meta.dirname, '../..');
export const BUILT_SERVER_ENTRY = join(ROOT, 'dist/server/server/index.js');
const START_TIMEOUT_MS = 20_000;
// The server's own shutdown grace is 10 s; past that it is stuck, and is killed.
const STOP_TIMEOUT_MS = 15_000;

export interface BuiltServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM to this process only, SIGKILL if it has not exited in 15 s. */
  stop: () => Promise<void>;
}

export interface BuiltServerOptions {
  /** Added to the defaults: PORT, HOST and SITE_URL on a free 127.0.0.1 port, LOG_LEVEL=warn. */
  env: Record<string, string>;
  /** Another build's entry point (default dist/server/server/index.js). */
  entry?: string;
}

/**
 * Starts the real built server (npm run build first) as a child process on 127.0.0.1 and waits
 * until GET /healthz answers 200. Used by the browser tests and the benchmark scripts alike.
 */
export async function startBuiltServer({ env, entry = BUILT_SERVER_ENTRY }: BuiltServerOptions): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', SITE_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => (log += `\n${error.message}`));

  const stop = async () => {
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
      throw new Error(`the server did not answer GET /healthz within ${START_TIMEOUT_MS / 1000} s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, process: child, output: () => log, stop };
}
