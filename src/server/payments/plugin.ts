import fp from 'fastify-plugin';
import { adminOnly } from '../lib/admin-only.js';
import { adminPaymentRoutes } from './admin-routes.js';
import { stripeWebhookRoutes } from './webhook-routes.js';

/** Payments and refunds: Stripe's webhook and the owner's refunds by transfer (docs/payments.md). */
export const paymentsFeature = fp(
  async (app) => {
    await app.register(stripeWebhookRoutes);
    await adminOnly(app, adminPaymentRoutes);
  },
  { name: 'payments', dependencies: ['stay-record'] },
);
