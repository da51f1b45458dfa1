import type { CleanUp } from '../jobs/sweep.js';
import { deleteOwnerActionsPastRetention } from './owner-audit-data.js';

/** The owner's audit list past its retention, deleted by the sweep. */
export const auditCleanUps: Record<string, CleanUp> = { ownerAudit: deleteOwnerActionsPastRetention };
