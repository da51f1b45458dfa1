import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

// The backup files in BACKUP_DIR: `estadia-<UTC date and time>-schema-<n>.<kind>`, so a listing
// sorts by date and a restore can tell the schema version before it reads a byte
// (docs/decisions/0040-going-live.md).

const NAME = /^estadia-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-schema-(\d{4})\.(sqlite|pgdump)$/;

export type BackupKind = 'sqlite' | 'pgdump';

export interface BackupName {
  at: number;
  schema: number;
  kind: BackupKind;
}

export function backupFileName(at: number, schema: number, kind: BackupKind): string {
  const stamp = new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `estadia-${stamp}-schema-${String(schema).padStart(4, '0')}.${kind}`;
}

export function parseBackupName(name: string): BackupName | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, schema, kind] = m;
  return {
    at: Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)),
    schema: Number(schema),
    kind: kind as BackupKind,
  };
}

/** The folder's backups, oldest first; none when the folder does not exist. */
export function listBackups(dir: string): Array<BackupName & { file: string }> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const parsed = parseBackupName(name);
      return parsed && statSync(join(dir, name)).size > 0 ? [{ ...parsed, file: join(dir, name) }] : [];
    })
    .sort((a, b) => a.at - b.at);
}

export const newestBackupAt = (dir: string): number | undefined => listBackups(dir).at(-1)?.at;

/**
 * Deletes the backups older than `keepDays`, so data the retention rules deleted does not live on
 * in them; the newest one is always kept. Returns the files deleted.
 */
export function pruneBackups(dir: string, keepDays: number, now: number): string[] {
  const backups = listBackups(dir);
  const cutoff = now - keepDays * 86_400_000;
  const old = backups.slice(0, -1).filter((backup) => backup.at < cutoff);
  for (const backup of old) unlinkSync(backup.file);
  return old.map((backup) => backup.file);
}
