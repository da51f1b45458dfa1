import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ReadinessFinding } from '../../shared/readiness.js';
import { confirmedFactors } from '../auth/second-factors-data.js';
import type { Config } from '../config.js';
import { findVersion, latestVersionNumber } from '../content/content-versions-data.js';
import type { Db } from '../db/database.js';
import { databaseKind, sqlitePath } from '../db/dialect.js';
import { newestBackupAt } from '../backup/backup-files.js';
import { readinessFindings } from './checks.js';
import type { PublishedFacts } from './demo-values.js';
import { untrustedForwardedAt } from './forwarded-watch.js';

// Gathers what the readiness check reads, for `npm run doctor` and the admin's home alike.

export interface ReadinessOptions {
  now: number;
  /** The repository's folder and its package.json; tests name another. */
  repositoryRoot?: string;
  nodeVersion?: string;
}

export async function checkReadiness(
  config: Config,
  db: Db,
  { now, repositoryRoot = repositoryRootOf(), nodeVersion = process.versions.node }: ReadinessOptions,
): Promise<ReadinessFinding[]> {
  const engines = enginesOf(repositoryRoot);
  const sqliteFile =
    databaseKind(config.databaseUrl) === 'sqlite' ? resolve(sqlitePath(config.databaseUrl)) : undefined;
  return readinessFindings({
    config,
    content: await publishedContent(config, db),
    // A database not migrated yet (doctor before db:migrate) has no factors table: none set up.
    secondFactors: await confirmedFactors(db).then(
      (factors) => factors.length,
      () => 0,
    ),
    databaseInRepository: sqliteFile && inside(repositoryRoot, sqliteFile) ? sqliteFile : undefined,
    nodeVersion,
    engines,
    newestBackupAt: newestBackupAt(config.backup.dir),
    backupOnDatabaseDisk: sqliteFile !== undefined && sameDisk(config.backup.dir, dirname(sqliteFile)),
    untrustedForwardedAt: await untrustedForwardedAt(db).catch(() => undefined),
    now,
  });
}

/** The folder of the nearest package.json above this file: the repository, from src/ or dist/. */
function repositoryRootOf(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}

function enginesOf(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines?: { node?: string } };
  return pkg.engines?.node ?? '*';
}

/** The newest published version, or the content folder that a first start makes version 1. */
async function publishedContent(config: Config, db: Db): Promise<PublishedFacts> {
  const latest = config.contentSource === 'database' ? await latestVersionNumber(db).catch(() => undefined) : undefined;
  const row = latest === undefined ? undefined : await findVersion(db, latest);
  const text = row?.content ?? readFileSync(join(config.contentDir, 'property.json'), 'utf8');
  return JSON.parse(text) as PublishedFacts;
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** One file system (device) holds both; a folder not made yet is judged by its nearest parent. */
function sameDisk(a: string, b: string): boolean {
  return deviceOf(resolve(a)) === deviceOf(resolve(b));
}

function deviceOf(path: string): number {
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      return statSync(dir).dev;
    } catch {
      if (dirname(dir) === dir) return -1;
    }
  }
}
