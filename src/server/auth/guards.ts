import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { touchSession } from './sessions-data.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieName(siteUrl: string): string {
  // The __Host- prefix makes the browser insist on Secure, Path=/ and no Domain.
  return siteUrl.startsWith('https:') ? '__Host-estadia_session' : 'estadia_session';
}

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

export function adminSessionRequired(cookieName: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = request.cookies[cookieName];
    if (!token || !(await touchSession(request.server.db, token))) {
      throw new HttpError(401, 'Not logged in');
    }
  };
}
