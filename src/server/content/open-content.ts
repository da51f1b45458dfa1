import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { contentSnapshot, createLiveContent, type LiveContent } from './live-content.js';
import { ContentError, loadProperty } from './load-property.js';
import { seedFromFiles } from './seed.js';
import { newestValidSnapshot } from './stored-content.js';

/**
 * The content this server starts with: the files themselves with CONTENT_SOURCE=files, as before
 * the editor existed; otherwise the newest published version, the files becoming version 1 on a
 * database that has none (docs/decisions/0022-content-in-the-database.md).
 */
export async function openContent(
  config: Pick<Config, 'contentSource' | 'contentDir'>,
  db: Db,
  log: FastifyBaseLogger,
  now: () => number,
): Promise<LiveContent> {
  if (config.contentSource === 'files') return createLiveContent(contentSnapshot(0, loadProperty(config.contentDir)));
  if (await seedFromFiles(db, config.contentDir, new Date(now()).toISOString()))
    log.info({ contentDir: config.contentDir }, 'the content folder is now version 1 of the content in the database');
  const snapshot = await newestValidSnapshot(db, log);
  if (!snapshot) throw new ContentError('No published version of the content in the database is valid (see the log)');
  return createLiveContent(snapshot);
}
