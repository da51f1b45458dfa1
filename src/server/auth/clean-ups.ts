import type { CleanUp } from '../jobs/sweep.js';
import { deleteEndedLoginFailures } from './login-failures-data.js';
import { deleteEndedPendingLogins } from './pending-logins-data.js';
import { deleteEndedSecondFactorAttempts } from './second-factor-attempts-data.js';
import { deleteExpiredSessions } from './sessions-data.js';

/** What the sweep deletes of the admin's sign-in: ended sessions, pending logins and failure windows. */
export const authCleanUps: Record<string, CleanUp> = {
  sessions: deleteExpiredSessions,
  pendingLogins: deleteEndedPendingLogins,
  loginFailures: deleteEndedLoginFailures,
  secondFactorAttempts: deleteEndedSecondFactorAttempts,
};
