import type Stripe from 'stripe';
import type { BookingContext } from '../stay-record/context.js';
import type { PaymentRow } from '../db/schema.js';
import { findPayment, findPaymentByIntent } from './payments-data.js';
import { reconcilePayment } from './settle.js';

/**
 * The site's payment a charge belongs to: by its payment intent, or by the metadata Stripe copies
 * from the intent to the charge. One still pending (its event not yet handled) is settled first,
 * from Stripe. Undefined for a charge that is not this site's.
 */
export async function paymentOfCharge(
  ctx: BookingContext,
  stripe: Stripe,
  charge: Stripe.Charge,
): Promise<PaymentRow | undefined> {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return undefined;
  const payment =
    (await findPaymentByIntent(ctx.db, intentId)) ??
    (charge.metadata?.paymentId ? await findPayment(ctx.db, charge.metadata.paymentId) : undefined);
  if (!payment || payment.kind === 'refund') return undefined;
  if (payment.status === 'pending') await reconcilePayment(ctx, stripe, payment, { intentId });
  return findPayment(ctx.db, payment.id);
}
