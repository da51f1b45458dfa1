import type { FastifyBaseLogger } from 'fastify';
import { runExclusive } from '../jobs/lease.js';
import type { RegistrationContext } from './context.js';
import { runSibaJobs, type SibaJobCounts } from './siba-jobs.js';

const EVERY_MS = 60_000;
const JOB = 'siba';

export interface SibaSchedule {
  /** One run now under the lease, given back when done; undefined when another server holds it. */
  runOnce(): Promise<SibaJobCounts | undefined>;
  stop(): Promise<void>;
}

/** The bulletins' timed work once a minute, on one server at a time (docs/decisions/0008). */
export function startSibaSchedule(ctx: RegistrationContext, holder: string, log: FastifyBaseLogger): SibaSchedule {
  let running: Promise<unknown> = Promise.resolve();
  const run = (keep: boolean) => {
    let counts: SibaJobCounts | undefined;
    const done = runExclusive(ctx.db, JOB, EVERY_MS, async () => void (counts = await runSibaJobs(ctx, log)), {
      holder,
      keep,
    }).then(() => counts);
    running = done.catch((error: unknown) => log.warn({ err: error }, 'SIBA jobs failed'));
    return done;
  };
  const timer = setInterval(() => void run(true), EVERY_MS).unref();
  return {
    runOnce: () => run(false),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
