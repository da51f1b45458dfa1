import { runExclusive } from '../jobs/lease.js';
import { type JobCounts, runBookingJobs } from './booking-jobs.js';
import type { BookingContext } from './context.js';

const EVERY_MS = 60_000;
const JOB = 'bookings';

export interface BookingSchedule {
  /** One run now under the lease, given back when done; undefined when another server holds it. */
  runOnce(): Promise<JobCounts | undefined>;
  stop(): Promise<void>;
}

/**
 * The bookings' timed work once a minute, on one server at a time (docs/decisions/0008): the
 * lease is kept for the minute, so with several servers it runs once per minute in all.
 */
export function startBookingSchedule(ctx: BookingContext, holder: string): BookingSchedule {
  let running: Promise<unknown> = Promise.resolve();
  const run = (keep: boolean) => {
    let counts: JobCounts | undefined;
    const done = runExclusive(ctx.db, JOB, EVERY_MS, async () => void (counts = await runBookingJobs(ctx)), {
      holder,
      keep,
    }).then(() => counts);
    running = done.catch((error: unknown) => ctx.log.warn({ err: error }, 'booking jobs failed'));
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
