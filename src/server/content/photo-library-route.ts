import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ImageManifest, ResponsiveImage } from '../../shared/images.js';
import { type LibraryPhoto, PhotoLibrarySchema } from '../../shared/photo-library.js';
import { ADMIN_ERRORS } from '../lib/error-responses.js';
import { uploadedImages } from '../photos/manifest.js';

const smallest = (image: ResponsiveImage) =>
  [...image.webp, ...image.jpeg].reduce((a, b) => (b.width < a.width ? b : a)).url;

const entries = (images: ImageManifest, source: LibraryPhoto['source']): LibraryPhoto[] =>
  Object.entries(images)
    .filter(([, image]) => image.webp.length + image.jpeg.length > 0)
    .map(([id, image]) => ({ id, source, width: image.width, height: image.height, thumbnail: smallest(image) }));

/**
 * `GET /api/admin/content/photos`: every photo the content may name, the build's first, then the
 * uploaded ones, oldest first (docs/decisions/0026-photos-by-id.md). Registered inside the admin
 * scope. Without a build (an app given no SSR entry) the build's photos have no thumbnails to list.
 */
export const photoLibraryRoute: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/content/photos',
    { schema: { response: { 200: PhotoLibrarySchema, ...ADMIN_ERRORS } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const built = app.siteRendering?.builtImages ?? {};
      return { items: [...entries(built, 'build'), ...entries(await uploadedImages(app.db), 'uploaded')] };
    },
  );
};
