import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from '../../shared/zod.js';
import { errorResponses } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import type { PaymentRow } from '../db/schema.js';
import { syncDispute } from './disputes.js';
import { syncChargeRefunds, syncRefund } from './outside-refunds.js';
import { findPayment, findPaymentByIntent, findPaymentBySession } from './payments-data.js';
import { type PaymentHint, reconcilePayment } from './settle.js';
import { recordStripeEvent, stripeEventSeen } from './stripe-events-data.js';

/** A refund's own events: its object is the refund (read back from Stripe with its charge's other refunds). */
const REFUND_EVENTS = ['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated'];

/** The payment an event is about: its Checkout page, its intent, or the ids we put in its metadata (with where to look). */
async function paymentOf(
  app: Parameters<FastifyPluginAsync>[0],
  event: Stripe.Event,
): Promise<{ payment: PaymentRow; hint: PaymentHint } | undefined> {
  const object = event.data.object as {
    object?: string;
    id?: string;
    metadata?: Record<string, string> | null;
  };
  if (!object.id) return undefined;
  const byMetadata = async () =>
    object.metadata?.paymentId ? findPayment(app.db, object.metadata.paymentId) : undefined;
  let payment: PaymentRow | undefined;
  let hint: PaymentHint = {};
  if (object.object === 'checkout.session') {
    payment = (await findPaymentBySession(app.db, object.id)) ?? (await byMetadata());
    hint = { sessionId: object.id };
  } else if (object.object === 'payment_intent') {
    payment = (await findPaymentByIntent(app.db, object.id)) ?? (await byMetadata());
    hint = { intentId: object.id };
  }
  return payment ? { payment, hint } : undefined;
}

/**
 * Stripe's webhook. The signature is checked by the SDK against the raw body, and an event only
 * says "look again": the payment's, refunds' or dispute's state is read back from Stripe
 * (settle.ts, outside-refunds.ts, disputes.ts), and every write is conditional, so a forged,
 * repeated or late event changes nothing. An event is recorded as seen only once its handling
 * succeeded: a server that dies mid-way leaves it unrecorded, and Stripe's retry finishes it
 * (docs/decisions/0061-refunds-that-finish.md).
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
      if (await stripeEventSeen(app.db, event.id)) return { received: true as const };
      const id = (event.data.object as { id: string }).id;
      if (event.type === 'charge.refunded') await syncChargeRefunds(app.bookings, stripe, id);
      else if (REFUND_EVENTS.includes(event.type)) await syncRefund(app.bookings, stripe, id);
      else if (event.type.startsWith('charge.dispute.')) await syncDispute(app.bookings, stripe, id);
      else {
        const found = await paymentOf(app, event);
        if (found) await reconcilePayment(app.bookings, stripe, found.payment, found.hint);
      }
      app.publicAvailability.clear();
      // After the handling, never before: a throw or a crash above leaves Stripe's retry to do it all again.
      await recordStripeEvent(app.db, event.id, event.type, new Date(app.now()).toISOString());
      return { received: true as const };
    },
  );
};
