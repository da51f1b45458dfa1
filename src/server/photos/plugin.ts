import { availableParallelism } from 'node:os';
import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminPhotoRoutes } from './admin-routes.js';
import { createEncoderPool, type EncoderPool } from './encoder-pool.js';
import { photoRoutes } from './public-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Worker threads that encode the owner's uploaded photos (photos/encoder-pool.ts). */
    photoEncoder: EncoderPool;
  }
}

/** The owner's uploaded photos: their encoding and their variants, served from the database. */
export const photosFeature = fp(
  async (app) => {
    // One or two threads: encoding never takes every core from the requests (docs/decisions/0024-uploaded-photos.md).
    const photoEncoder = createEncoderPool(Math.max(1, Math.min(2, availableParallelism() - 1)));
    app.decorate('photoEncoder', photoEncoder);
    app.addHook('onClose', () => photoEncoder.close());
    await app.register(photoRoutes);
    await adminOnly(app, adminPhotoRoutes);
  },
  { name: 'photos', dependencies: ['rate-limits', 'auth'] },
);
