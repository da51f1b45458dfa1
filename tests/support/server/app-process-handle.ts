import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'tests/support/server/app-process.ts');
const START_TIMEOUT_MS = 60_000;

export interface AppProcess {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Sets the server's clock. */
  setClock: (ms: number) => Promise<void>;
  /** One run of the bookings job; null when another holder (a killed server) still has its lease. */
  runJobs: () => Promise<Record<string, number> | null>;
  /** Resolves when the process has exited (after a kill). */
  exited: Promise<void>;
  /** SIGTERM to this process only, SIGKILL if it has not exited in 15 s. */
  stop: () => Promise<void>;
}

/** Starts tests/support/server/app-process.ts (the real server, through tsx) with this environment. */
export async function startAppProcess(env: Record<string, string>, clock: number): Promise<AppProcess> {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', TEST_CLOCK_MS: String(clock), ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiting = new Map<number, (message: { counts?: Record<string, number> | null; error?: string }) => void>();
  let next = 0;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), START_TIMEOUT_MS);
    void exited.then(() => reject(new Error(`the server exited during start:\n${log}`)));
    child.on(
      'message',
      (message: { port?: number; id?: number; counts?: Record<string, number> | null; error?: string }) => {
        if (message.port) {
          clearTimeout(timer);
          resolve(message.port);
        } else if (message.id !== undefined) waiting.get(message.id)?.(message);
      },
    );
  });
  const ask = (command: object) =>
    new Promise<{ counts?: Record<string, number> | null; error?: string }>((resolve, reject) => {
      const id = next++;
      waiting.set(id, resolve);
      void exited.then(() => reject(new Error('the server exited')));
      child.send({ id, ...command });
    });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => log,
    exited,
    setClock: async (ms) => void (await ask({ clock: ms })),
    runJobs: async () => {
      const answer = await ask({ jobs: true });
      if (answer.error) throw new Error(answer.error);
      return answer.counts ?? null;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
