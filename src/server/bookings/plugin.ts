import fp from 'fastify-plugin';
import type { Schedule } from '../jobs/schedule.js';
import { adminOnly } from '../lib/admin-only.js';
import { adminBookingRoutes } from './admin-routes.js';
import { type JobCounts, runBookingJobs } from './booking-jobs.js';
import { whyInquiryOnly } from '../stay-record/context.js';
import { bookingMailCheck } from '../stay-record/mail-dependency.js';
import { bookingRoutes } from './routes.js';
import { checkNightHolders } from './night-holders.js';
import { registerPaymentOutcomes } from './payment-outcomes.js';
import { adminStayRoutes } from './stay-routes.js';
import { fillMissingTaxRules } from '../stay-record/tax-rule.js';
import { fillMissingTerms } from '../stay-record/terms.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bookings' timed work: holds, payments, balances (bookings/booking-jobs.ts). */
    bookingJobs: Schedule<JobCounts>;
  }
}

/** Direct bookings and stays: create, offer, change, cancel, and their mails (docs/stays.md). */
export const bookingsFeature = fp(
  async (app) => {
    const { bookings } = app;
    // Before any payment settles: the webhook and the jobs start only once every feature is in
    // (docs/decisions/0067-dependencies-run-one-way.md).
    registerPaymentOutcomes(bookings);
    // Every taken night has one holder (docs/decisions/0033-a-bookings-nights-are-its-own.md).
    app.jobs.sweep.check(() => checkNightHolders(bookings));
    const filledTerms = await fillMissingTerms(bookings);
    if (filledTerms > 0)
      app.log.info({ bookings: filledTerms }, 'stored the terms in force with bookings made before terms were kept');
    const filledTaxRules = await fillMissingTaxRules(bookings);
    if (filledTaxRules > 0)
      app.log.info(
        { bookings: filledTaxRules },
        'stored the tourist tax rule with bookings made before rules were kept',
      );
    const warnIfInquiryOnly = () => {
      const why = whyInquiryOnly(bookings);
      if (why) app.log.warn(why);
    };
    warnIfInquiryOnly();
    app.content.onChange(warnIfInquiryOnly);
    // A queued guest mail goes only while what it says still holds (bookings/mail-dependency.ts).
    app.deliveries.checkWith(bookingMailCheck(app.db));
    // Once a minute on one server at a time; a run still going skips the next and keeps its lease
    // (docs/decisions/0008, 0058).
    app.decorate(
      'bookingJobs',
      app.jobs.every({ name: 'bookings', everyMs: 60_000, run: (job) => runBookingJobs(bookings, job) }),
    );
    await app.register(bookingRoutes);
    await adminOnly(app, adminBookingRoutes);
    await adminOnly(app, adminStayRoutes);
  },
  {
    name: 'bookings',
    dependencies: ['stay-record', 'mail', 'payments', 'invoicing', 'registrations', 'reviews', 'inquiries'],
  },
);
