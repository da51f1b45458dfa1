import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server/free-port.js';
import { cheapPasswordHash } from '../server/test-password.js';
import { createPostgresSchema, testDbKind, type TestDatabase } from '../server/test-database.js';

const ROOT = join(import.meta.dirname, '../../..');
export const BUILT_SERVER_ENTRY = join(ROOT, 'dist/server/server/index.js');
/** The administrator password of every server started here, unless the caller sets its own. */
export const TEST_ADMIN_PASSWORD = 'e2e admin password';
// Its cheap hash is every server's ADMIN_PASSWORD_HASH, unless the caller sets ADMIN_PASSWORD.
const testPasswordHash = cheapPasswordHash(TEST_ADMIN_PASSWORD);
// An upper bound, not a wait: under three workers on two busy cores a start (loading the compiled
// server's modules, migrating, seeding the content) was seen to take 21 s, and 15 s was common.
const START_TIMEOUT_MS = 60_000;
// The server's own shutdown grace is 10 s; past that it is stuck, and is killed.
const STOP_TIMEOUT_MS = 15_000;

export interface ServerOptions {
  /**
   * Added to the defaults: PORT, HOST and SITE_URL on a free 127.0.0.1 port, LOG_LEVEL=warn,
   * ADMIN_PASSWORD_HASH, SUBMISSIONS_PER_WINDOW=1000 and a DATABASE_URL of the server's own.
   */
  env?: Record<string, string>;
  /** An earlier server's data folder: a restart on its database. By default a new folder. */
  dir?: string;
  /** Another build's entry point (default dist/server/server/index.js). */
  entry?: string;
  /**
   * Where the server's own database lives when env sets no DATABASE_URL: 'test' follows
   * ESTADIA_TEST_DB (a PostgreSQL schema per folder in the PostgreSQL run), 'sqlite' always a file.
   */
  database?: 'test' | 'sqlite';
  /**
   * The host name of the server's address and SITE_URL: 127.0.0.1 by default, or localhost where
   * a test needs a domain (a passkey's relying party cannot be an IP address).
   */
  host?: '127.0.0.1' | 'localhost';
}

export interface BuiltServer {
  url: string;
  /** The data folder: give it to a new server to restart on the same database. */
  dir: string;
  process: ChildProcess;
  output: () => string;
  /** What the server was started with, so a restart can repeat it. */
  options: ServerOptions;
  /**
   * SIGTERM to this process only, SIGKILL if it has not exited in 15 s. The server that made
   * the folder (and schema) removes it; a restarted one leaves it.
   */
  stop: () => Promise<void>;
}

// In the PostgreSQL run (ESTADIA_TEST_DB=postgres, see scripts/test.ts) each data folder stands
// for a schema of its own; a restart on the folder finds the same schema.
const schemas = new Map<string, TestDatabase>();

async function databaseFor(dir: string, kind: 'test' | 'sqlite'): Promise<{ url: string; created?: TestDatabase }> {
  if (kind === 'sqlite' || testDbKind() === 'sqlite') return { url: `file:${join(dir, 'db.sqlite')}` };
  const existing = schemas.get(dir);
  if (existing) return { url: existing.url };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('ESTADIA_TEST_DB=postgres needs TEST_DATABASE_URL');
  const created = await createPostgresSchema(base);
  schemas.set(dir, created);
  return { url: created.url, created };
}

/**
 * Starts the real built server (npm run build first) as a child process on 127.0.0.1 and waits
 * until GET /healthz answers 200. Used by the browser tests, the benchmark and the Lighthouse script.
 */
export async function startServer(options: ServerOptions = {}): Promise<BuiltServer> {
  const { env = {}, entry = BUILT_SERVER_ENTRY, database = 'test' } = options;
  const ownsDir = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'estadia-server-'));
  const db = env.DATABASE_URL ? { url: env.DATABASE_URL } : await databaseFor(dir, database);
  const removeData = async () => {
    if (!ownsDir) return;
    rmSync(dir, { recursive: true, force: true });
    if (db.created) {
      schemas.delete(dir);
      await db.created.drop();
    }
  };
  try {
    const child = await spawnUntilHealthy(entry, options.host ?? '127.0.0.1', {
      DATABASE_URL: db.url,
      ...('ADMIN_PASSWORD' in env ? {} : { ADMIN_PASSWORD_HASH: await testPasswordHash }),
      // Online check-in is on wherever bookings are: its documents are sealed with this key.
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      SUBMISSIONS_PER_WINDOW: '1000',
      ...env,
    });
    return {
      ...child,
      dir,
      options: { ...options, dir },
      stop: async () => {
        await child.stop();
        await removeData();
      },
    };
  } catch (error) {
    await removeData();
    throw error;
  }
}

async function spawnUntilHealthy(entry: string, host: string, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://${host}:${port}`;
  let log = '';
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
      // A test that names the site otherwise (behind Caddy) still reaches each server on its own
      // address: that is the admin origin, which answers whatever host the house has (decision 0071).
      ...(env.SITE_URL && !env.ADMIN_URL ? { ADMIN_URL: url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
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
