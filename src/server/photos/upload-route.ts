import { englishCount } from '../../shared/english-count.js';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES, PhotoUploadResultSchema } from '../../shared/photos.js';
import { ADMIN_ERRORS, errorResponses } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { photoUploadRateLimit } from '../rate-limits/upload-limit.js';
import { storePhotos } from './store-photo.js';

const MEGABYTES = PHOTO_MAX_BYTES / 1024 / 1024;

/** @fastify/multipart's own errors, told as what the owner should do. */
function uploadError(error: { code?: string }, file: string | undefined): HttpError {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(
        413,
        `${file ?? 'A file'} is larger than ${MEGABYTES} MB. Export it smaller and upload it again.`,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, `Upload at most ${englishCount(PHOTO_MAX_FILES, 'photo')} at a time.`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'Send the photos as multipart/form-data, one file per part.');
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, 'Send only files: this upload takes no other fields.');
    case 'FST_MP_PREMATURE_CLOSE':
      return new HttpError(400, 'The upload was cut short. Please try again.');
    default:
      // Busboy's own: no boundary, a broken part header, a body that ends mid-part.
      return new HttpError(
        400,
        'The upload could not be read. Send the photos as multipart/form-data, one file per part.',
      );
  }
}

/**
 * `POST /api/admin/photos`, in a scope of its own: only this route parses multipart bodies, with
 * limits on each file's size and the files per request.
 */
export const photoUploadRoute: FastifyPluginAsync = async (plain) => {
  await plain.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTO_MAX_FILES, fields: 0, parts: PHOTO_MAX_FILES },
  });
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/photos',
    {
      config: { rateLimit: photoUploadRateLimit() },
      schema: { response: { 200: PhotoUploadResultSchema, ...ADMIN_ERRORS, ...errorResponses(413, 415, 429) } },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new HttpError(415, 'Send the photos as multipart/form-data, one file per part.');
      // Errors of reading the body are the client's; those of storing a photo are told by storePhotos.
      async function* files() {
        let current: string | undefined;
        try {
          for await (const part of request.files()) {
            current = part.filename ? `"${part.filename}"` : undefined;
            yield await part.toBuffer();
          }
        } catch (error) {
          throw uploadError(error as { code?: string }, current);
        }
      }
      const items = await storePhotos(app.db, app.photoEncoder, files(), new Date(app.now()).toISOString());
      if (items.length === 0) throw new HttpError(400, 'The request has no photo. Choose one or more files to upload.');
      reply.header('cache-control', 'no-store');
      return { items };
    },
  );
};
