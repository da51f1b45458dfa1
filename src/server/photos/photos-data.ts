import type { Photo } from '../../shared/photos.js';
import type { Db } from '../db/database.js';
import type { PhotosTable } from '../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

// Every query on the photos table. Rows come back with the API's field names (CamelCasePlugin).

export type PhotoRow = Selectable<PhotosTable>;

const asPhoto = ({ id, width, height, category, alt, createdAt }: PhotoRow): Photo => ({
  id,
  width,
  height,
  category: category as Photo['category'],
  alt: JSON.parse(alt) as Record<string, string>,
  createdAt,
});

export async function insertPhoto(db: Db, row: Insertable<PhotosTable>): Promise<void> {
  await db.insertInto('photos').values(row).execute();
}

/** Every photo, oldest first: the owner's library is one house's photos, never thousands. */
export async function listPhotos(db: Db): Promise<Photo[]> {
  const rows = await db.selectFrom('photos').selectAll().orderBy('createdAt').orderBy('id').execute();
  return rows.map(asPhoto);
}

/** What the page needs of each photo beside its variants (manifest.ts); of those in `ids` when given. */
export async function listPhotoSources(db: Db, ids?: readonly string[]) {
  if (ids?.length === 0) return [];
  let query = db.selectFrom('photos').select(['id', 'hash', 'width', 'height', 'placeholder']);
  if (ids) query = query.where('id', 'in', ids);
  return query.orderBy('createdAt').orderBy('id').execute();
}

/** Which of `ids` name a stored photo. */
export async function existingPhotoIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('photos').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export async function findPhoto(db: Db, id: string): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** False when there is no such photo. */
export async function updatePhoto(
  db: Db,
  id: string,
  changes: { category?: string | null; alt?: Record<string, string> },
): Promise<Photo | undefined> {
  const values = {
    ...(changes.category !== undefined ? { category: changes.category } : {}),
    ...(changes.alt !== undefined ? { alt: JSON.stringify(changes.alt) } : {}),
  };
  if (Object.keys(values).length > 0) await db.updateTable('photos').set(values).where('id', '=', id).execute();
  const row = await findPhoto(db, id);
  return row && asPhoto(row);
}

/** Its variants go with it (ON DELETE CASCADE). False when there was no such photo. */
export async function deletePhoto(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('photos').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export const parseAlt = (row: PhotoRow) => JSON.parse(row.alt) as Record<string, string>;
