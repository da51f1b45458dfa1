import { auditCleanUps } from '../../../src/server/audit/clean-ups.js';
import { authCleanUps } from '../../../src/server/auth/clean-ups.js';
import type { Db } from '../../../src/server/db/database.js';
import { inquiryCleanUps } from '../../../src/server/inquiries/clean-ups.js';
import * as sweep from '../../../src/server/jobs/sweep.js';
import { rateLimitCleanUps } from '../../../src/server/rate-limits/clean-ups.js';
import { registrationCleanUps } from '../../../src/server/registrations/clean-ups.js';
import { reviewCleanUps } from '../../../src/server/reviews/clean-ups.js';

/** The settings the features' clean-ups take from the configuration, as the tests give them. */
export interface SweepSettings {
  rateLimitWindowMs: number;
  inquiryRetentionDays: number;
  /** What each sweep checks after deleting, under the same lease: the calendar's night holders. */
  check?: () => Promise<unknown>;
}

/** Every feature's clean-ups, as their plugins hand them to the sweep. */
const tasks = (settings: SweepSettings): sweep.SweepTasks => ({
  cleanUps: {
    ...auditCleanUps,
    ...rateLimitCleanUps(settings.rateLimitWindowMs),
    ...authCleanUps,
    ...registrationCleanUps,
    ...reviewCleanUps,
    ...inquiryCleanUps(settings.inquiryRetentionDays),
  },
  checks: settings.check ? [settings.check] : [],
});

/** jobs/sweep.ts's sweepExpired over every feature's clean-ups. */
export const sweepExpired = (db: Db, settings: SweepSettings, now?: Date) =>
  sweep.sweepExpired(db, tasks(settings), now);

/** jobs/sweep.ts's sweepOnce over every feature's clean-ups. */
export const sweepOnce = (db: Db, settings: SweepSettings, holder: string, periodMs?: number) =>
  sweep.sweepOnce(db, tasks(settings), holder, periodMs);
