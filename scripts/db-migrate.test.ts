import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/server/db/migrations/index.js';

// npm run db:migrate -- --dry-run lists what an upgrade would apply and changes nothing; without it,
// the schema is brought up to date.

const dir = mkdtempSync(join(tmpdir(), 'estadia-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'site.sqlite');

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'db-migrate.ts'), ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: `file:${file}` },
    encoding: 'utf8',
    timeout: 60_000,
  });
const tables = () => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
};

describe('npm run db:migrate', () => {
  it('with --dry-run lists every migration a new database would get, in order, and creates no table', () => {
    const dry = run('--dry-run');
    expect(dry.status).toBe(0);
    const names = Object.keys(migrations);
    expect(dry.stdout).toContain(
      `would get ${names.length} migrations, in this order:\n  ${names.join('\n  ')}\nNothing was changed.`,
    );
    expect(tables()).toEqual([]);
  }, 60_000);

  it('applies them, after which --dry-run says the database is up to date', () => {
    const applied = run();
    expect(applied.status).toBe(0);
    expect(applied.stdout).toContain(`got ${Object.keys(migrations).length} migrations:`);
    expect(tables()).toEqual(expect.arrayContaining(['bookings', 'calendar_blocks', 'kysely_migration']));
    const again = run('--dry-run');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('is up to date: no migration to apply.');
  }, 90_000);

  it('refuses a bad DATABASE_URL by name', () => {
    const bad = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'db-migrate.ts')], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('DATABASE_URL');
  }, 60_000);
});
