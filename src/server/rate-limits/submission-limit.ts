import { englishCount } from '../../shared/english-count.js';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { HttpError } from '../lib/http-error.js';

/** Per-IP limit on public submissions (reviews, inquiries); reads are not limited. */
export function submissionRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.submissionLimit.max,
    timeWindow: config.submissionLimit.windowMs,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many submissions. Please try again in ${englishCount(Math.ceil(context.ttl / 60_000), 'minute')}.`,
      ),
  };
}
