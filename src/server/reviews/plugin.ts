import type { LRUCache } from 'lru-cache';
import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import type { AppOptions } from '../lib/app-options.js';
import { type CachedPage, createPublicCache } from '../lib/public-cache.js';
import { adminReviewRoutes } from './admin-routes.js';
import { reviewCleanUps } from './clean-ups.js';
import { reviewRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public review pages, cleared whenever this server approves or deletes a review. */
    publicReviews: LRUCache<string, CachedPage>;
  }
}

/** The guests' reviews and the owner's moderation. */
export const reviewsFeature = fp<AppOptions>(
  async (app, options) => {
    app.decorate('publicReviews', createPublicCache(options.publicCacheTtlMs));
    app.jobs.sweep.add(reviewCleanUps);
    await app.register(reviewRoutes);
    await adminOnly(app, adminReviewRoutes);
  },
  { name: 'reviews', dependencies: ['rate-limits', 'stay-record'] },
);
