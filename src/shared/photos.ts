import { z } from './zod.js';
import { GALLERY_CATEGORIES } from './property.js';

// The owner's uploaded photos as the admin API speaks of them (server/photos/). The content refers
// to a photo by its id (docs/decisions/0024-uploaded-photos.md).

/** Each file of an upload; a larger one is refused with a 413. */
export const PHOTO_MAX_BYTES = 25 * 1024 * 1024;
/** Files in one upload request. */
export const PHOTO_MAX_FILES = 20;
/** Larger sources are refused: more than any page needs, and a guard against decompression bombs. */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_ALT_MAX = 300;

export const UploadedPhotoSchema = z.object({ id: z.string(), width: z.number().int(), height: z.number().int() });
export const PhotoUploadResultSchema = z.object({ items: z.array(UploadedPhotoSchema) });

/** A text per content locale, such as `{ en, pt-PT }`. */
export const PhotoAltSchema = z.record(z.string(), z.string().trim().max(PHOTO_ALT_MAX));

export const PhotoSchema = UploadedPhotoSchema.extend({
  category: z.enum(GALLERY_CATEGORIES).nullable(),
  alt: PhotoAltSchema,
  createdAt: z.string(),
});
export type Photo = z.infer<typeof PhotoSchema>;
export const PhotoListSchema = z.object({ items: z.array(PhotoSchema) });

/** Only the locales given change; the server refuses a locale the content does not have. */
export const PhotoPatchSchema = z
  .object({
    category: z.enum(GALLERY_CATEGORIES).nullable().optional(),
    alt: PhotoAltSchema.optional(),
  })
  .strict();
export type PhotoPatch = z.infer<typeof PhotoPatchSchema>;
