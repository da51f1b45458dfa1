import type { CleanUp } from '../jobs/sweep.js';
import { deleteRegistrationsPastRetention } from './guest-data.js';

/** Guests' registrations a year and a day after their departure was reported, deleted by the sweep. */
export const registrationCleanUps: Record<string, CleanUp> = { registrations: deleteRegistrationsPastRetention };
