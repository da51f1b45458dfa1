import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecondFactorProof } from '../../shared/admin.js';
import { auditRequest } from '../audit/owner-audit-data.js';
import { HttpError } from '../lib/http-error.js';
import { queuePauseMail } from './pause-mail.js';
import { checkSecondFactor } from './second-factor.js';
import {
  pausedUntil,
  recordSiteFailure,
  releaseSiteAttempt,
  reserveSiteAttempt,
  SITE_MAX_FAILURES,
  startPause,
} from './second-factor-attempts-data.js';

// The second factor checked under the site's own count, on top of each client's lockout: with the
// password and a /48, an attacker has 65,536 clients of 5 codes each; the site as a whole has 10
// every 15 minutes (docs/decisions/0062-second-factor-paused-site-wide.md).

function paused(reply: FastifyReply, until: number, now: number): HttpError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  reply.header('retry-after', seconds);
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(
    429,
    `Too many wrong second-factor codes on this site: the second step is paused for everyone for ${minutes} min`,
    undefined,
    'second_factor_paused',
  );
}

/** 429 `second_factor_paused` while a pause is in force: refused before anything is counted. */
export async function refuseWhilePaused(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const now = request.server.authNow();
  const until = await pausedUntil(request.server.db, now);
  if (until !== undefined) throw paused(reply, until, now);
}

/**
 * Checks a proof of the second factor (checkSecondFactor) as one of the site's attempts: refused
 * while paused or past the window's limit, every failure in the audit list, and the tenth failure
 * of the window pausing the second step for everyone, the owner mailed once.
 */
export async function checkSecondFactorCounted(
  request: FastifyRequest,
  reply: FastifyReply,
  proof: SecondFactorProof,
  challenge: string | undefined,
): Promise<boolean> {
  const app = request.server;
  const now = app.authNow();
  await refuseWhilePaused(request, reply);
  const reservation = await reserveSiteAttempt(app.db, now);
  if (!reservation.allowed) throw paused(reply, reservation.retryAt, now);
  let good: boolean;
  try {
    good = await checkSecondFactor(app, proof, challenge, new Date(now));
  } catch (error) {
    // Not checked after all (the database or the library failed): not a failure.
    await releaseSiteAttempt(app.db, reservation.id);
    throw error;
  }
  if (good) {
    await releaseSiteAttempt(app.db, reservation.id);
    return true;
  }
  const failures = await recordSiteFailure(app.db, reservation.id, now);
  await auditRequest(request, { action: 'second_factor_failed', detail: proof.method });
  if (failures >= SITE_MAX_FAILURES) {
    const startedAt = await startPause(app.db, now);
    if (startedAt !== undefined) {
      const endsAt = (await pausedUntil(app.db, now)) ?? now;
      await auditRequest(request, { action: 'second_factor_paused' });
      await queuePauseMail(app, startedAt, endsAt);
      app.log.warn({ failures }, 'the second step is paused for everyone: someone has the admin password');
    }
  }
  return false;
}
