import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresSchema, TEST_DB_KIND, type TestDatabase } from '../support/test-database.js';
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/built-server.js';

export const E2E_PASSWORD = 'e2e admin password';

export interface RunningServer extends BuiltServer {
  dir: string;
}

// In the PostgreSQL run (ESTADIA_TEST_DB=postgres, see scripts/test.ts) each server's data folder
// stands for a schema of its own; a restart on the folder finds the same schema.
const schemas = new Map<string, TestDatabase>();

async function databaseFor(dir: string): Promise<{ url: string; created?: TestDatabase }> {
  if (TEST_DB_KIND === 'sqlite') return { url: `file:${join(dir, 'e2e.sqlite')}` };
  const existing = schemas.get(dir);
  if (existing) return { url: existing.url };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('ESTADIA_TEST_DB=postgres needs TEST_DATABASE_URL');
  const created = await createPostgresSchema(base);
  schemas.set(dir, created);
  return { url: created.url, created };
}

/**
 * The real built server on a random port with its own database, or on the database of an earlier
 * server when given its folder (a restart), or another build's entry point.
 */
export async function startServer(env: Record<string, string> = {}, reuse: { dir?: string; entry?: string } = {}): Promise<RunningServer> {
  const dir = reuse.dir ?? mkdtempSync(join(tmpdir(), 'estadia-e2e-'));
  const database = await databaseFor(dir);
  const server = await startBuiltServer({
    env: { DATABASE_URL: database.url, ADMIN_PASSWORD: E2E_PASSWORD, SUBMISSIONS_PER_WINDOW: '1000', ...env },
    entry: reuse.entry,
  }).catch(async (error: unknown) => {
    await database.created?.drop();
    throw error;
  });
  return {
    ...server,
    dir,
    stop: async () => {
      await server.stop();
      // The server that made the folder (and schema) removes it.
      if (reuse.dir) return;
      rmSync(dir, { recursive: true, force: true });
      if (database.created) {
        schemas.delete(dir);
        await database.created.drop();
      }
    },
  };
}
