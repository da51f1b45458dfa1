import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuiltServer, startBuiltServer } from '../lib/built-server.js';

/**
 * The real built server on its own temporary SQLite file, so the benchmark measures what
 * production serves and never touches data/. Stopping it also removes that folder.
 */
export async function startServer(): Promise<BuiltServer> {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-lighthouse-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const server = await startBuiltServer({ env: { DATABASE_URL: `file:${join(dir, 'db.sqlite')}`, ADMIN_PASSWORD: 'lighthouse benchmark password' } });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  }
}
