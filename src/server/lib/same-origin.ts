import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent from another origin (CSRF), in addition to the
 * SameSite=Strict cookie. Browsers send Origin on such requests; Referer is the fallback.
 * A request with neither comes from a non-browser client, which cannot ride on a victim's cookie.
 */
export function sameOriginOnly(siteUrl: string) {
  return async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    const source = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (source === undefined) return;
    const own = new Set([siteUrl, `${request.protocol}://${request.host}`]);
    if (!own.has(source)) throw new HttpError(403, 'Cross-site request refused');
  };
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
