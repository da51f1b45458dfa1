import type { ImageManifest } from '../../shared/images.js';
import type { Db } from '../db/database.js';
import { EXTENSIONS, type Format } from './encode.js';
import { listVariantSizes } from './photo-variants-data.js';
import { listPhotoSources } from './photos-data.js';

/** A variant's address: its photo's id, 8 hex of the photo's hash and its width (public-routes.ts). */
export const photoUrl = (photo: { id: string; hash: string }, format: Format, width: number) =>
  `/photos/${photo.id}-${photo.hash.slice(0, 8)}-${width}.${EXTENSIONS[format]}`;

/**
 * The uploaded photos (those in `ids` when given) as the page's image manifest, keyed by photo id:
 * the same shape the build gives its content photos (scripts/images-plugin.ts), so the page shows
 * either alike (docs/decisions/0026-photos-by-id.md).
 */
export async function uploadedImages(db: Db, ids?: readonly string[]): Promise<ImageManifest> {
  // One after the other: inside a transaction, the two share one connection.
  const photos = await listPhotoSources(db, ids);
  const sizes = await listVariantSizes(db, ids);
  return Object.fromEntries(
    photos.map((photo) => {
      const sources = (format: Format) =>
        sizes
          .filter((s) => s.photoId === photo.id && s.format === format)
          .map((s) => ({ url: photoUrl(photo, format, s.width), width: s.width }));
      const { width, height, placeholder } = photo;
      return [
        photo.id,
        { width, height, placeholder, avif: sources('avif'), webp: sources('webp'), jpeg: sources('jpeg') },
      ];
    }),
  );
}
