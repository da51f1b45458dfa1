import type { FastifyBaseLogger } from 'fastify';
import { type Schedule, startSchedule } from '../jobs/schedule.js';
import type { RegistrationContext } from './context.js';
import { runSibaJobs, type SibaJobCounts } from './siba-jobs.js';

export type SibaSchedule = Schedule<SibaJobCounts>;

/** The bulletins' timed work once a minute, on one server at a time (docs/decisions/0008, 0058). */
export function startSibaSchedule(ctx: RegistrationContext, holder: string, log: FastifyBaseLogger): SibaSchedule {
  return startSchedule({
    db: ctx.db,
    name: 'siba',
    everyMs: 60_000,
    holder,
    now: ctx.now,
    log,
    run: () => runSibaJobs(ctx, log),
  });
}
