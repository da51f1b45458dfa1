import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from '../../shared/zod.js';
import { errorResponses } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { findPayment, findPaymentByIntent, findPaymentBySession } from './payments-data.js';
import { reconcilePayment } from './settle.js';
import { forgetStripeEvent, recordStripeEvent } from './stripe-events-data.js';

/** The payment an event is about: its Checkout page, its intent, or the ids we put in its metadata. */
async function paymentOf(app: Parameters<FastifyPluginAsync>[0], event: Stripe.Event) {
  const object = event.data.object as {
    object?: string;
    id?: string;
    metadata?: Record<string, string> | null;
    payment_intent?: string | { id: string } | null;
  };
  if (object.object === 'checkout.session' && object.id) return findPaymentBySession(app.db, object.id);
  if (object.object === 'payment_intent' && object.id)
    return (
      (await findPaymentByIntent(app.db, object.id)) ??
      (object.metadata?.paymentId ? findPayment(app.db, object.metadata.paymentId) : undefined)
    );
  return undefined;
}

/**
 * Stripe's webhook. The signature is checked by the SDK against the raw body; each event id is
 * handled once (stored, unique), and an event only says "look again": the payment's state is read
 * back from Stripe (payments/settle.ts), so a forged, repeated or late event changes nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const stripe = app.bookings.stripe;
  const secret = app.config.stripe?.webhookSecret;
  // The signature covers the bytes as sent: this route keeps them.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/payments/stripe/webhook',
    {
      bodyLimit: 256 * 1024,
      schema: { response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 503) } },
    },
    async (request) => {
      if (!stripe || !secret) throw new HttpError(503, 'Stripe is not set up', undefined, 'payments_unavailable');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw new HttpError(400, 'Missing signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw new HttpError(400, 'Bad signature');
      }
      if (!(await recordStripeEvent(app.db, event.id, event.type, new Date(app.now()).toISOString())))
        return { received: true as const };
      try {
        const payment = await paymentOf(app, event);
        if (payment) await reconcilePayment(app.bookings, stripe, payment);
        app.publicAvailability.clear();
      } catch (error) {
        // Not handled: forgotten, so Stripe's retry is handled instead of skipped.
        await forgetStripeEvent(app.db, event.id);
        throw error;
      }
      return { received: true as const };
    },
  );
};
