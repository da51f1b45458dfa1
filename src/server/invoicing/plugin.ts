import fp from 'fastify-plugin';
import type { Schedule } from '../jobs/schedule.js';
import { adminOnly } from '../lib/admin-only.js';
import type { AppOptions } from '../lib/app-options.js';
import { adminInvoicingRoutes } from './admin-routes.js';
import { invoicingContext } from './context.js';
import type { Invoicer } from './invoicer.js';
import { createInvoiceXpress } from './invoicexpress.js';
import { type InvoicingCounts, runInvoicingJobs } from './invoicing-jobs.js';
import { invoicingRoutes } from './routes.js';
import { readStripeFees } from './stripe-fees.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The certified invoicing program (invoicing/invoicer.ts); undefined without its settings. */
    invoicer: Invoicer | undefined;
    /** The invoices' timed work, once a minute. */
    invoicingJobs: Schedule<InvoicingCounts>;
  }
}

/** The guests' invoices and credit notes through a certified provider (docs/invoicing.md). */
export const invoicingFeature = fp<AppOptions>(
  async (app, options) => {
    const { invoicing } = app.config;
    app.decorate(
      'invoicer',
      invoicing ? createInvoiceXpress({ ...invoicing, timeoutMs: options.invoicingTimeoutMs }) : undefined,
    );
    const ctx = invoicingContext(app);
    // Each settled payment is invoiced well within the 5 minutes, and Stripe's fees are read. A run
    // still going (a slow provider) skips the next and renews its lease between documents; it stops
    // when another server took the lease (docs/decisions/0058-jobs-never-overlap-themselves.md).
    const invoicingJobs = app.jobs.every({
      name: 'invoicing',
      everyMs: 60_000,
      run: async (job) => {
        await readStripeFees(ctx.bookings).catch((error: unknown) =>
          app.log.warn({ err: error }, "Stripe's fees could not be read; tried again on the next run"),
        );
        return runInvoicingJobs(ctx, app.log, job);
      },
    });
    app.decorate('invoicingJobs', invoicingJobs);
    await app.register(invoicingRoutes);
    await adminOnly(app, adminInvoicingRoutes);
  },
  { name: 'invoicing', dependencies: ['stay-record', 'payments'] },
);
