import type { Db } from '../db/database.js';
import type { PhotoVariantsTable } from '../db/schema.js';
import { EXTENSIONS, type EncodedVariant } from './encode.js';

// Every query on the photo_variants table: the encoded files of each photo, as bytes.

export const variantId = (photoId: string, v: { format: PhotoVariantsTable['format']; width: number }) =>
  `${photoId}-${v.width}.${EXTENSIONS[v.format]}`;

export async function insertVariants(db: Db, photoId: string, variants: EncodedVariant[]): Promise<void> {
  // One row at a time: a row of several megabytes is already a statement of its own.
  for (const v of variants)
    await db
      .insertInto('photoVariants')
      .values({ id: variantId(photoId, v), photoId, format: v.format, width: v.width, bytes: v.bytes })
      .execute();
}

/** One variant's bytes with its photo's hash, which the URL must carry. */
export async function findVariant(db: Db, id: string) {
  return db
    .selectFrom('photoVariants')
    .innerJoin('photos', 'photos.id', 'photoVariants.photoId')
    .select(['photoVariants.bytes', 'photoVariants.format', 'photos.hash'])
    .where('photoVariants.id', '=', id)
    .executeTakeFirst();
}

/** Which widths and formats each photo has (of those in `photoIds` when given), without their bytes. */
export async function listVariantSizes(db: Db, photoIds?: readonly string[]) {
  if (photoIds?.length === 0) return [];
  let query = db.selectFrom('photoVariants').select(['photoId', 'format', 'width']);
  if (photoIds) query = query.where('photoId', 'in', photoIds);
  return query.orderBy('width').execute();
}
