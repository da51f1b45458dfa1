import type { FastifyBaseLogger } from 'fastify';
import { runExclusive } from '../jobs/lease.js';
import type { InvoicingContext } from './context.js';
import { type InvoicingCounts, runInvoicingJobs } from './invoicing-jobs.js';
import { readStripeFees } from './stripe-fees.js';

const EVERY_MS = 60_000;
const JOB = 'invoicing';

export interface InvoicingSchedule {
  /** One run now under the lease, given back when done; undefined when another server holds it. */
  runOnce(): Promise<InvoicingCounts | undefined>;
  stop(): Promise<void>;
}

/**
 * The documents' timed work once a minute, on one server at a time (docs/decisions/0008): each
 * settled payment is invoiced well within the 5 minutes, and Stripe's fees are read.
 */
export function startInvoicingSchedule(
  ctx: InvoicingContext,
  holder: string,
  log: FastifyBaseLogger,
): InvoicingSchedule {
  let running: Promise<unknown> = Promise.resolve();
  const run = (keep: boolean) => {
    let counts: InvoicingCounts | undefined;
    const done = runExclusive(
      ctx.bookings.db,
      JOB,
      EVERY_MS,
      async () => {
        await readStripeFees(ctx.bookings).catch((error: unknown) =>
          log.warn({ err: error }, "Stripe's fees could not be read; tried again on the next run"),
        );
        counts = await runInvoicingJobs(ctx, log);
      },
      { holder, keep },
    ).then(() => counts);
    running = done.catch((error: unknown) => log.warn({ err: error }, 'Invoicing jobs failed'));
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
