import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PropertyContent } from '../../shared/content.js';
import type { Db } from '../db/database.js';
import { asDocument } from './content-document.js';
import { ContentError } from './load-property.js';
import { type ErrorLog, newestValidSnapshot } from './stored-content.js';

/** How property.json is written; the script formats it as the repository's own file is. */
export type FormatDocument = (document: PropertyContent) => string | Promise<string>;

const indented: FormatDocument = (document) => `${JSON.stringify(document, null, 2)}\n`;

export interface ExportedContent {
  version: number;
  /** Photo files copied beside it. */
  photos: number;
}

/**
 * Writes the published version a server would serve now as a content folder, for a backup or a
 * commit: `property.json`, which loadProperty reads back as the same content, and a copy of the
 * photos in `contentDir` (photos are still files; docs/decisions/0022-content-in-the-database.md).
 * An existing folder is written into; its other files stay.
 */
export async function exportContent(
  db: Db,
  contentDir: string,
  outDir: string,
  options: { format?: FormatDocument; log: ErrorLog },
): Promise<ExportedContent> {
  const snapshot = await newestValidSnapshot(db, options.log);
  if (!snapshot) throw new ContentError('The database holds no valid published version of the content');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'property.json'), await (options.format ?? indented)(asDocument(snapshot.property)));
  const photos = join(contentDir, 'photos');
  let copied = 0;
  if (existsSync(photos)) {
    copied = readdirSync(photos).length;
    // Exporting into the content folder itself leaves its photos where they are.
    if (resolve(photos) !== resolve(outDir, 'photos')) cpSync(photos, join(outDir, 'photos'), { recursive: true });
  }
  return { version: snapshot.version, photos: copied };
}
