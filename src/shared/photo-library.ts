import { z } from './zod.js';

// Every photo the content may name, for the editor's Photos section: the build's, named by their
// file, and the uploaded ones, named by the store's id (docs/decisions/0026-photos-by-id.md).

export const LibraryPhotoSchema = z.object({
  id: z.string(),
  /** `build`: a file of the content folder, encoded by the build; `uploaded`: in the photo store. */
  source: z.enum(['build', 'uploaded']),
  width: z.number().int(),
  height: z.number().int(),
  /** A small variant's address, for the editor's thumbnails. */
  thumbnail: z.string(),
});
export type LibraryPhoto = z.infer<typeof LibraryPhotoSchema>;

export const PhotoLibrarySchema = z.object({ items: z.array(LibraryPhotoSchema) });
export type PhotoLibrary = z.infer<typeof PhotoLibrarySchema>;
