import fp from 'fastify-plugin';
import { type BookingContext, liveBookingContext } from '../bookings/context.js';
import { checkNightHolders } from '../bookings/night-holders.js';
import { createStripe } from '../payments/stripe-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the booking services need (bookings/context.ts). */
    bookings: BookingContext;
  }
}

/**
 * The stay record every feature above reads: the bookings' context, and the sweep's check that
 * every taken night has one holder (docs/decisions/0033-a-bookings-nights-are-its-own.md).
 */
export const stayRecordFeature = fp(
  async (app) => {
    const { config } = app;
    const bookings = liveBookingContext(
      {
        db: app.db,
        now: app.now,
        stripe: config.stripe ? createStripe(config.stripe) : undefined,
        siteUrl: config.siteUrl,
        ownerEmail: config.mail.to,
        log: app.log,
        wakeMail: () => app.deliveries.notify(),
        dataCipher: app.dataCipher,
        mailOn: config.mail.smtpUrl !== undefined,
      },
      app.content.current,
    );
    app.decorate('bookings', bookings);
    app.jobs.sweep.check(() => checkNightHolders(bookings));
  },
  { name: 'stay-record', dependencies: ['content', 'mail'] },
);
