import type { FastifyInstance } from 'fastify';
import type { FakeStripe } from './fake-stripe.js';

/** Starts `app` on a loopback port and points the fake Stripe's webhooks at it, as Stripe's dashboard would. */
export async function listenForStripeWebhooks(app: FastifyInstance, stripe: FakeStripe): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  stripe.webhookUrl = `http://127.0.0.1:${address.port}/api/payments/stripe/webhook`;
}
