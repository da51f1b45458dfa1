import type { Db } from '../db/database.js';
import { storedText } from './content-document.js';
import { insertVersion, latestVersionNumber } from './content-versions-data.js';
import { loadProperty } from './load-property.js';

/**
 * At the first start on a database without a version, the content folder (CONTENT_DIR) becomes
 * version 1. Two servers starting at once may both read and check the files, but the version's
 * primary key lets one write it; the other finds it written. True when this call wrote it.
 */
export async function seedFromFiles(db: Db, contentDir: string, at: string): Promise<boolean> {
  if ((await latestVersionNumber(db)) !== undefined) return false;
  const property = loadProperty(contentDir);
  return insertVersion(db, { version: 1, content: storedText(property), publishedAt: at, publishedBy: 'files' });
}
