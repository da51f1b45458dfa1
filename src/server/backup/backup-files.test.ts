import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName, newestBackupAt, parseBackupName, pruneBackups } from './backup-files.js';

const dir = mkdtempSync(join(tmpdir(), 'estadia-backups-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DAY = 86_400_000;
const NOW = Date.UTC(2027, 4, 10, 3, 30, 5);

describe('backup files', () => {
  it('carry the UTC date and the schema version in their name', () => {
    expect(backupFileName(NOW, 23, 'sqlite')).toBe('estadia-20270510T033005Z-schema-0023.sqlite');
    expect(parseBackupName('estadia-20270510T033005Z-schema-0023.pgdump')).toEqual({
      at: NOW,
      schema: 23,
      kind: 'pgdump',
    });
    expect(parseBackupName('estadia-20270510T033005Z-schema-0023.sqlite.partial')).toBeUndefined();
  });

  it('older than BACKUP_KEEP_DAYS are deleted, the newest always kept; empty and foreign files are not backups', () => {
    for (const age of [0, 10, 34, 36, 90]) writeFileSync(join(dir, backupFileName(NOW - age * DAY, 23, 'sqlite')), 'x');
    writeFileSync(join(dir, backupFileName(NOW + DAY, 23, 'sqlite')), '');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect(newestBackupAt(dir)).toBe(NOW);
    expect(pruneBackups(dir, 35, NOW)).toHaveLength(2);
    expect(readdirSync(dir).sort()).toEqual(
      [
        backupFileName(NOW - 34 * DAY, 23, 'sqlite'),
        backupFileName(NOW - 10 * DAY, 23, 'sqlite'),
        backupFileName(NOW, 23, 'sqlite'),
        backupFileName(NOW + DAY, 23, 'sqlite'),
        'notes.txt',
      ].sort(),
    );
    expect(pruneBackups(dir, 1, NOW + 400 * DAY)).toHaveLength(2);
    expect(newestBackupAt(dir)).toBe(NOW);
  });
});
