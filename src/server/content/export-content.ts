import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PropertyContent } from '../../shared/content.js';
import type { Db } from '../db/database.js';
import { largest } from '../../shared/images.js';
import { findVariant, variantId } from '../photos/photo-variants-data.js';
import { asDocument } from './content-document.js';
import { contentImages, uploadedIdsOf } from './content-photos.js';
import { ContentError } from './load-property.js';
import { type ErrorLog, newestValidSnapshot } from './stored-content.js';

/** How property.json is written; the script formats it as the repository's own file is. */
export type FormatDocument = (document: PropertyContent) => string | Promise<string>;

const indented: FormatDocument = (document) => `${JSON.stringify(document, null, 2)}\n`;

export interface ExportedContent {
  version: number;
  /** Photo files copied beside it. */
  photos: number;
  /** Uploaded photos the content shows, written as files beside them. */
  uploaded: number;
}

/**
 * The uploaded photos the content shows, written into photos/ as `<id>.jpg` (their largest JPEG,
 * the best copy the store keeps: it keeps no source), and the content naming those files, so the
 * folder is a content folder the build reads (docs/decisions/0026-photos-by-id.md).
 */
async function writeUploaded(db: Db, property: PropertyContent, photosDir: string): Promise<PropertyContent> {
  const images = await contentImages(db, property);
  const renamed = new Map<string, string>();
  for (const [id, image] of Object.entries(images)) {
    const best = image.jpeg.length > 0 ? largest(image.jpeg) : undefined;
    const variant = best && (await findVariant(db, variantId(id, { format: 'jpeg', width: best.width })));
    if (!variant) continue;
    mkdirSync(photosDir, { recursive: true });
    writeFileSync(join(photosDir, `${id}.jpg`), variant.bytes);
    renamed.set(id, `${id}.jpg`);
  }
  const file = (id: string) => renamed.get(id) ?? id;
  return {
    ...property,
    hero: { ...property.hero, photo: file(property.hero.photo) },
    about: { ...property.about, photo: file(property.about.photo) },
    gallery: property.gallery.map((entry) => ({ ...entry, photo: file(entry.photo) })),
  };
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
  const photos = join(contentDir, 'photos');
  let copied = 0;
  if (existsSync(photos)) {
    copied = readdirSync(photos).length;
    // Exporting into the content folder itself leaves its photos where they are.
    if (resolve(photos) !== resolve(outDir, 'photos')) cpSync(photos, join(outDir, 'photos'), { recursive: true });
  }
  const uploaded = uploadedIdsOf(snapshot.property).length;
  const property = await writeUploaded(db, snapshot.property, join(outDir, 'photos'));
  writeFileSync(join(outDir, 'property.json'), await (options.format ?? indented)(asDocument(property)));
  return { version: snapshot.version, photos: copied, uploaded };
}
