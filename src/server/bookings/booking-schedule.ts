import { type Schedule, startSchedule } from '../jobs/schedule.js';
import { type JobCounts, runBookingJobs } from './booking-jobs.js';
import type { BookingContext } from '../stay-record/context.js';

export type BookingSchedule = Schedule<JobCounts>;

/**
 * The bookings' timed work once a minute, on one server at a time (docs/decisions/0008): the
 * lease is kept for the minute, so with several servers it runs once per minute in all; a run
 * still going skips the next and keeps its lease (docs/decisions/0058).
 */
export function startBookingSchedule(ctx: BookingContext, holder: string): BookingSchedule {
  return startSchedule({
    db: ctx.db,
    name: 'bookings',
    everyMs: 60_000,
    holder,
    now: ctx.now,
    log: ctx.log,
    run: (job) => runBookingJobs(ctx, job),
  });
}
