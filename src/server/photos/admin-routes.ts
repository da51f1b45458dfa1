import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { photoIds } from '../../shared/content.js';
import { PhotoListSchema, PhotoPatchSchema, PhotoSchema } from '../../shared/photos.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { IdParamsSchema } from '../lib/ids.js';
import { deletePhoto, findPhoto, listPhotos, parseAlt, updatePhoto } from './photos-data.js';
import { photoUploadRoute } from './upload-route.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminPhotoRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  await app.register(photoUploadRoute);

  app.get(
    '/api/admin/photos',
    { schema: { response: { 200: PhotoListSchema, ...ADMIN_ERRORS } } },
    async (_r, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await listPhotos(app.db) };
    },
  );

  app.patch(
    '/api/admin/photos/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: PhotoPatchSchema,
        response: { 200: PhotoSchema, ...ADMIN_ERRORS, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { category, alt } = request.body;
      const locales = app.property.locales;
      const stranger = Object.keys(alt ?? {}).find((locale) => !locales.includes(locale));
      if (stranger)
        throw new HttpError(
          400,
          `The site has no language ${stranger}: give texts for ${locales.join(', ')}`,
          `alt.${stranger}`,
        );
      const row = await findPhoto(app.db, request.params.id);
      if (!row) throw new HttpError(404, 'Photo not found');
      const photo = await updatePhoto(app.db, row.id, {
        category,
        ...(alt ? { alt: { ...parseAlt(row), ...alt } } : {}),
      });
      if (!photo) throw new HttpError(404, 'Photo not found');
      return photo;
    },
  );

  app.delete(
    '/api/admin/photos/:id',
    {
      schema: {
        params: IdParamsSchema,
        response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      // The live pages would lose it; a draft naming it is refused at its next save or publish.
      if (photoIds(app.property).includes(request.params.id))
        throw new HttpError(
          409,
          'The published content shows this photo: remove it from the gallery and publish first',
          undefined,
          'photo_in_use',
        );
      if (!(await deletePhoto(app.db, request.params.id))) throw new HttpError(404, 'Photo not found');
      return reply.code(204).send();
    },
  );
};
