import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { REAUTH_WINDOW_MINUTES } from '../../shared/admin.js';
import { secondFactorMethods } from './second-factor.js';
import { sessionProofs, touchSession } from './sessions-data.js';

// Moved to lib/ so the one admin wrapper (lib/admin-only.ts) needs nothing of auth/.
export { sameOriginOnly } from '../lib/same-origin.js';

export function sessionCookieName(siteUrl: string): string {
  // The __Host- prefix makes the browser insist on Secure, Path=/ and no Domain.
  return siteUrl.startsWith('https:') ? '__Host-estadia_session' : 'estadia_session';
}

/** The cookie of a login waiting for its second factor: not a session (pending-logins-data.ts). */
export function pendingLoginCookieName(siteUrl: string): string {
  return siteUrl.startsWith('https:') ? '__Host-estadia_pending_login' : 'estadia_pending_login';
}

export function adminSessionRequired(cookieName: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = request.cookies[cookieName];
    if (!token || !(await touchSession(request.server.db, token))) {
      throw new HttpError(401, 'Not logged in');
    }
  };
}

export const REAUTH_WINDOW_MS = REAUTH_WINDOW_MINUTES * 60_000;

/**
 * The guard of the owner's sensitive actions (refunds, guest-data exports and documents, SIBA
 * files; adding a factor has its own, freshFactorRequired): the session must have proved the password or the second factor
 * in the last 5 minutes, the login counting as one; otherwise 403 `reauth_required`, and the
 * admin asks again (POST /api/admin/reauth). Runs after adminSessionRequired.
 * See docs/decisions/0036-second-factor.md.
 */
export async function freshProofRequired(request: FastifyRequest): Promise<void> {
  const { provedAt } = await proofsOf(request);
  if (!fresh(request, provedAt))
    throw new HttpError(
      403,
      `Confirm it is you: type the password or the second factor again (needed every ${REAUTH_WINDOW_MINUTES} minutes for this)`,
      undefined,
      'reauth_required',
    );
}

/**
 * The guard of adding or replacing a factor (a passkey, the TOTP secret, new recovery codes): once
 * the owner can prove a second factor, the session must have proved that factor itself in the last
 * 5 minutes, the password alone no longer doing; before, freshProofRequired's rule. Otherwise 403
 * `reauth_required`, and the admin asks for the second factor (docs/decisions/0062-second-factor-paused-site-wide.md).
 */
export async function freshFactorRequired(request: FastifyRequest): Promise<void> {
  if ((await secondFactorMethods(request.server)).length === 0) return freshProofRequired(request);
  const { factorProvedAt } = await proofsOf(request);
  if (!fresh(request, factorProvedAt))
    throw new HttpError(
      403,
      `Confirm it is you with the second factor (needed every ${REAUTH_WINDOW_MINUTES} minutes to change a factor; the password alone does not do)`,
      undefined,
      'reauth_required',
    );
}

async function proofsOf(request: FastifyRequest) {
  const token = request.cookies[sessionCookieName(request.server.config.siteUrl)];
  return token ? sessionProofs(request.server.db, token) : { provedAt: null, factorProvedAt: null };
}

const fresh = (request: FastifyRequest, at: string | null) =>
  at !== null && request.server.authNow() - Date.parse(at) <= REAUTH_WINDOW_MS;
