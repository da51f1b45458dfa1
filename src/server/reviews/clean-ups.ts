import { PENDING_REVIEW_DAYS } from '../../shared/constants.js';
import type { CleanUp } from '../jobs/sweep.js';
import { deleteUntouchedPendingReviews } from './reviews-data.js';

/** Reviews left pending for PENDING_REVIEW_DAYS, deleted by the sweep. */
export const reviewCleanUps: Record<string, CleanUp> = {
  pendingReviews: (db, now) => deleteUntouchedPendingReviews(db, PENDING_REVIEW_DAYS, now),
};
