import { englishCount } from '../../shared/english-count.js';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { HttpError } from '../lib/http-error.js';

/** Upload requests per client and window: an owner's afternoon of photos, not an encoding flood. */
export const PHOTO_UPLOADS_PER_WINDOW = 30;
const WINDOW_MS = 10 * 60_000;

/** Per-client limit on photo uploads, which each cost seconds of encoding (photos/admin-routes.ts). */
export function photoUploadRateLimit(): RateLimitOptions {
  return {
    max: PHOTO_UPLOADS_PER_WINDOW,
    timeWindow: WINDOW_MS,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many uploads. Please try again in ${englishCount(Math.ceil(context.ttl / 60_000), 'minute')}.`,
      ),
  };
}
