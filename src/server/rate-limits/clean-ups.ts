import type { CleanUp } from '../jobs/sweep.js';
import { deleteEndedRateLimits } from './rate-limits-data.js';

/** Submission counters whose window (SUBMISSION_WINDOW_MINUTES) is over, deleted by the sweep. */
export const rateLimitCleanUps = (windowMs: number): Record<string, CleanUp> => ({
  rateLimits: (db, now) => deleteEndedRateLimits(db, windowMs, now.getTime()),
});
