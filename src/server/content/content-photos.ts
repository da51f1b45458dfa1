import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILD_PHOTO_ID,
  photoIds,
  photoReferences,
  type PropertyContent,
  UPLOADED_PHOTO_ID,
} from '../../shared/content.js';
import type { FieldIssue } from '../../shared/errors.js';
import type { ImageManifest } from '../../shared/images.js';
import type { Db } from '../db/database.js';
import { uploadedImages } from '../photos/manifest.js';
import { existingPhotoIds } from '../photos/photos-data.js';

// The photos a content document names, by id: the build's (their file names) and the uploaded
// ones (the photo store's ids), docs/decisions/0026-photos-by-id.md.

/** The uploaded photos the content shows. */
export const uploadedIdsOf = (property: PropertyContent): string[] =>
  photoIds(property).filter((id) => UPLOADED_PHOTO_ID.test(id));

/** The manifest of the uploaded photos the content shows; the build's come from the build. */
export const contentImages = (db: Db, property: PropertyContent): Promise<ImageManifest> =>
  uploadedImages(db, uploadedIdsOf(property));

/**
 * The ids of the build's photos: those the build encoded when there is a build, otherwise the
 * files of the content folder's photos/ (an app given no SSR entry, as most tests are).
 */
export function builtPhotoIds(builtImages: ImageManifest | undefined, contentDir: string): ReadonlySet<string> {
  if (builtImages) return new Set(Object.keys(builtImages));
  const dir = join(contentDir, 'photos');
  return new Set(existsSync(dir) ? readdirSync(dir).filter((file) => BUILD_PHOTO_ID.test(file)) : []);
}

/** Every place the content names a photo that is neither the build's nor in the store. */
export async function missingPhotos(
  db: Db,
  property: PropertyContent,
  built: ReadonlySet<string>,
): Promise<FieldIssue[]> {
  const stored = await existingPhotoIds(db, uploadedIdsOf(property));
  return photoReferences(property)
    .filter(({ id }) => !built.has(id) && !stored.has(id))
    .map(({ field, id }) => ({
      field,
      message: UPLOADED_PHOTO_ID.test(id)
        ? `names the photo ${id}, which is not among the uploaded photos (it may have been deleted)`
        : `names the photo ${id}, which is not among the site's photos`,
    }));
}
