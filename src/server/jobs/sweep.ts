import type { FastifyBaseLogger } from 'fastify';
import { deleteEndedLoginFailures } from '../auth/login-failures-data.js';
import { deleteExpiredSessions } from '../auth/sessions-data.js';
import { deleteEndedPendingLogins } from '../auth/pending-logins-data.js';
import { deleteEndedSecondFactorAttempts } from '../auth/second-factor-attempts-data.js';
import { deleteOwnerActionsPastRetention } from '../audit/owner-audit-data.js';
import type { Db } from '../db/database.js';
import { deleteInquiriesPastRetention } from '../inquiries/inquiries-data.js';
import { deleteEndedRateLimits } from '../rate-limits/rate-limits-data.js';
import { deleteUntouchedPendingReviews } from '../reviews/reviews-data.js';
import { deleteRegistrationsPastRetention } from '../registrations/guest-data.js';
import { PENDING_REVIEW_DAYS } from '../../shared/constants.js';
import { runExclusive } from './lease.js';

const SWEEP_EVERY_MS = 10 * 60_000;

export interface SweepSettings {
  /** The submission counters' window. */
  rateLimitWindowMs: number;
  /** INQUIRY_RETENTION_DAYS: how long an inquiry is kept, mailed or not. */
  inquiryRetentionDays: number;
  /** What each sweep checks after deleting, under the same lease: the calendar's night holders. */
  check?: () => Promise<unknown>;
}

export type SweepCounts = Record<
  | 'sessions'
  | 'pendingLogins'
  | 'loginFailures'
  | 'secondFactorAttempts'
  | 'rateLimits'
  | 'inquiries'
  | 'pendingReviews'
  | 'registrations'
  | 'ownerAudit',
  number
>;

/** Deletes everything whose time is over, as of `now`; each table's own module knows what that means. */
export async function sweepExpired(db: Db, settings: SweepSettings, now = new Date()): Promise<SweepCounts> {
  return {
    sessions: await deleteExpiredSessions(db, now),
    pendingLogins: await deleteEndedPendingLogins(db, now),
    loginFailures: await deleteEndedLoginFailures(db, now),
    secondFactorAttempts: await deleteEndedSecondFactorAttempts(db, now),
    rateLimits: await deleteEndedRateLimits(db, settings.rateLimitWindowMs, now.getTime()),
    inquiries: await deleteInquiriesPastRetention(db, settings.inquiryRetentionDays, now.getTime()),
    pendingReviews: await deleteUntouchedPendingReviews(db, PENDING_REVIEW_DAYS, now),
    registrations: await deleteRegistrationsPastRetention(db, now),
    ownerAudit: await deleteOwnerActionsPastRetention(db, now),
  };
}

/**
 * One sweep under the `sweep` lease, which is kept for the whole period: with several servers the
 * sweep runs once per period, on whichever server asks first. Resolves to the counts, or undefined
 * when another server holds the lease.
 */
export async function sweepOnce(
  db: Db,
  settings: SweepSettings,
  holder: string,
  periodMs = SWEEP_EVERY_MS,
): Promise<SweepCounts | undefined> {
  let counts: SweepCounts | undefined;
  await runExclusive(
    db,
    'sweep',
    periodMs,
    async () => {
      counts = await sweepExpired(db, settings);
      await settings.check?.();
    },
    { holder, keep: true },
  );
  return counts;
}

/**
 * Sweeps once now, and resolves when that sweep is over (a start waits for it, so nothing the
 * server does afterwards races it), then every period; `stop` clears the timer and waits for a
 * sweep in progress.
 */
export async function startSweeper(
  db: Db,
  settings: SweepSettings,
  holder: string,
  log: FastifyBaseLogger,
): Promise<{ stop: () => Promise<void> }> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweepOnce(db, settings, holder).then(
      (counts) => {
        if (counts && Object.values(counts).some((n) => n > 0)) log.info({ deleted: counts }, 'swept expired rows');
      },
      (error: unknown) => log.warn({ err: error }, 'sweep failed'),
    );
  };
  run();
  await running;
  const timer = setInterval(run, SWEEP_EVERY_MS).unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
