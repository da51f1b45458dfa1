import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/server/test-database.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { makeBackup } from './make-backup.js';
import { pgRestore } from './pg-restore.js';
import { pgConnection, runPgTool } from './pg-tool.js';

// The PostgreSQL password reaches pg_dump and pg_restore in PGPASSWORD, never in their argv (which
// `ps` shows every user of the machine), and a failure says what the tool wrote to stderr, never
// the command (docs/decisions/0063-the-iban-and-the-last-doors.md).
// PostgreSQL only: this file is a `*.postgres.test.ts` (vitest.config.ts).

const SECRET = 'Sécr3t:p@ss/w0rd';
const withPassword = (url: string) => {
  const u = new URL(url);
  u.username ||= 'postgres';
  u.password = encodeURIComponent(SECRET);
  return u.toString();
};

describe('pg_dump and pg_restore on PostgreSQL', () => {
  let dir: string;
  let fakeBin: string;
  let database: TestDatabase;
  let savedPath: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'estadia-pgtool-'));
    fakeBin = join(dir, 'bin');
    database = await createTestDatabase(dir);
    // A site's tables, so the backup gets as far as pg_dump.
    await (await openDatabase(database.url, { poolSize: 1 })).destroy();
  }, 60_000);
  afterAll(async () => {
    if (savedPath !== undefined) process.env.PATH = savedPath;
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Puts a stand-in for the tool first on PATH: it writes its argv and PGPASSWORD to a file and
   * fails as a refused password does. Its argv is what `ps` would have shown.
   */
  function fakeTool(tool: string): string {
    const record = join(dir, `${tool}.argv`);
    writeFileSync(join(dir, 'noop'), '');
    const script = join(fakeBin, tool);
    rmSync(fakeBin, { recursive: true, force: true });
    mkdirSync(fakeBin, { recursive: true });
    writeFileSync(
      script,
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\nprintf 'PGPASSWORD=%s\\n' "$PGPASSWORD" >> '${record}'\n` +
        `echo '${tool}: error: connection to server failed: FATAL:  password authentication failed for user "postgres"' >&2\nexit 1\n`,
    );
    chmodSync(script, 0o755);
    savedPath ??= process.env.PATH;
    process.env.PATH = `${fakeBin}:${savedPath}`;
    return record;
  }
  const restorePath = () => {
    if (savedPath !== undefined) process.env.PATH = savedPath;
  };

  it('backs up with the password in PGPASSWORD only, and a failure shows stderr alone', async () => {
    const record = fakeTool('pg_dump');
    const config = { databaseUrl: withPassword(database.url), backup: { dir: join(dir, 'b'), keepDays: 35 } };
    const error = await makeBackup(config as Config, Date.now()).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    restorePath();
    expect(error?.message).toBe(
      'pg_dump failed: pg_dump: error: connection to server failed: FATAL:  password authentication failed for user "postgres"',
    );
    const lines = readFileSync(record, 'utf8').trim().split('\n');
    const argv = lines.slice(0, -1);
    expect(argv.join(' ')).not.toContain(SECRET);
    expect(argv.join(' ')).not.toContain(encodeURIComponent(SECRET));
    expect(argv.at(-1)).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:5432\//);
    expect(lines.at(-1)).toBe(`PGPASSWORD=${SECRET}`);
  }, 30_000);

  it('restores with the password in PGPASSWORD only, and a failure shows stderr alone', async () => {
    const record = fakeTool('pg_restore');
    const error = await pgRestore(withPassword(database.url), join(dir, 'noop'), { clean: false }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    restorePath();
    expect(error?.message).toBe(
      'pg_restore failed: pg_restore: error: connection to server failed: FATAL:  password authentication failed for user "postgres"',
    );
    const lines = readFileSync(record, 'utf8').trim().split('\n');
    expect(lines.slice(0, -1).join(' ')).not.toContain(encodeURIComponent(SECRET));
    expect(lines.at(-1)).toBe(`PGPASSWORD=${SECRET}`);
  });

  it("a real pg_dump's error names neither the password nor the command", async () => {
    const missing = new URL(withPassword(process.env.TEST_DATABASE_URL!));
    missing.pathname = '/estadia_no_such_database';
    const { url, env } = pgConnection(missing.toString());
    const error = await runPgTool('pg_dump', ['--format=custom', `--file=${join(dir, 'x.dump')}`, url], env).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^pg_dump failed: .*estadia_no_such_database.* does not exist/s);
    expect(error?.message).not.toContain(SECRET);
    expect(error?.message).not.toContain(encodeURIComponent(SECRET));
    expect(error?.message).not.toContain('--format');
    expect(error?.message).not.toContain('Command failed');
  });
});
