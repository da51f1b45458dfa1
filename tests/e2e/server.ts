import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/built-server.js';

export const E2E_PASSWORD = 'e2e admin password';

export interface RunningServer extends BuiltServer {
  dir: string;
}

/**
 * The real built server on a random port with its own SQLite file, or on the database of an
 * earlier server when given its folder (a restart), or another build's entry point.
 */
export async function startServer(env: Record<string, string> = {}, reuse: { dir?: string; entry?: string } = {}): Promise<RunningServer> {
  const dir = reuse.dir ?? mkdtempSync(join(tmpdir(), 'estadia-e2e-'));
  const server = await startBuiltServer({
    env: { DATABASE_URL: `file:${join(dir, 'e2e.sqlite')}`, ADMIN_PASSWORD: E2E_PASSWORD, SUBMISSIONS_PER_WINDOW: '1000', ...env },
    entry: reuse.entry,
  });
  return {
    ...server,
    dir,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
