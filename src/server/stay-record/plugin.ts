import fp from 'fastify-plugin';
import { type BookingContext, liveBookingContext } from './context.js';
import { createStripe } from '../lib/stripe-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the booking services need (bookings/context.ts). */
    bookings: BookingContext;
  }
}

/**
 * The stay record every feature above reads: the bookings' context, whose payment outcomes the
 * bookings feature fills in (docs/decisions/0067-dependencies-run-one-way.md).
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
  },
  { name: 'stay-record', dependencies: ['content', 'mail'] },
);
