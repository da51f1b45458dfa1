import type { FastifyBaseLogger } from 'fastify';
import { type Schedule, startSchedule } from '../jobs/schedule.js';
import type { InvoicingContext } from './context.js';
import { type InvoicingCounts, runInvoicingJobs } from './invoicing-jobs.js';
import { readStripeFees } from './stripe-fees.js';

export type InvoicingSchedule = Schedule<InvoicingCounts>;

/**
 * The documents' timed work once a minute, on one server at a time (docs/decisions/0008): each
 * settled payment is invoiced well within the 5 minutes, and Stripe's fees are read. A run still
 * going (a slow provider) skips the next and renews its lease between documents; it stops when
 * another server took the lease (docs/decisions/0058-jobs-never-overlap-themselves.md).
 */
export function startInvoicingSchedule(
  ctx: InvoicingContext,
  holder: string,
  log: FastifyBaseLogger,
): InvoicingSchedule {
  return startSchedule({
    db: ctx.bookings.db,
    name: 'invoicing',
    everyMs: 60_000,
    holder,
    now: ctx.bookings.now,
    log,
    run: async (job) => {
      await readStripeFees(ctx.bookings).catch((error: unknown) =>
        log.warn({ err: error }, "Stripe's fees could not be read; tried again on the next run"),
      );
      return runInvoicingJobs(ctx, log, job);
    },
  });
}
