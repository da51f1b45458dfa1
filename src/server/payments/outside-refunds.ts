import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { taxShareCents } from '../../shared/refund-make-up.js';
import { addRefunded } from '../stay-record/bookings-data.js';
import { reread } from '../stay-record/transition.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import type { PaymentRow } from '../db/schema.js';
import { findPayment, findPaymentByRefund, insertPayment } from './payments-data.js';
import { applyRefund } from './refunds.js';
import { paymentOfCharge } from './stripe-lookup.js';

// A charge's refunds as Stripe has them, whether the site or the owner's dashboard made them:
// read back from Stripe on `charge.refunded` and on each refund's own events, each counted once on
// its booking when it has `succeeded`, so the booking's refunded figure follows the dashboard. One
// still under way is kept pending with its Stripe id, and the job reads it again (refunds.ts).

/** Brings the charge of one refund in line with Stripe (a refund's event: created, updated, failed). */
export async function syncRefund(ctx: BookingContext, stripe: Stripe, refundId: string): Promise<void> {
  const refund = await stripe.refunds.retrieve(refundId);
  const chargeId = typeof refund.charge === 'string' ? refund.charge : refund.charge?.id;
  if (chargeId) await syncChargeRefunds(ctx, stripe, chargeId);
}

/** Brings the refunds of one charge in line with Stripe. */
export async function syncChargeRefunds(ctx: BookingContext, stripe: Stripe, chargeId: string): Promise<void> {
  const charge = await stripe.charges.retrieve(chargeId);
  const payment = await paymentOfCharge(ctx, stripe, charge);
  if (!payment) return;
  // A refund of money the site has not counted yet: Stripe sends the event again later.
  if (payment.status !== 'succeeded') throw new Error(`payment ${payment.id} is ${payment.status}; refund read later`);
  const refunds = await stripe.refunds.list({ payment_intent: payment.stripePaymentIntent as string, limit: 100 });
  for (const refund of refunds.data) await recordRefund(ctx, payment, refund);
}

async function recordRefund(ctx: BookingContext, charge: PaymentRow, refund: Stripe.Refund): Promise<void> {
  const known = await findPaymentByRefund(ctx.db, refund.id);
  if (known) return applyRefund(ctx, known, refund);
  // One of the site's own, whose answer has not been written yet.
  const own = refund.metadata?.paymentId ? await findPayment(ctx.db, refund.metadata.paymentId) : undefined;
  if (own) {
    if (own.kind === 'refund' && own.bookingId === charge.bookingId) await applyRefund(ctx, own, refund);
    return;
  }
  // A dashboard refund that never reached the guest moved no money: nothing to keep.
  if (refund.status === 'failed' || refund.status === 'canceled') return;
  const done = refund.status === 'succeeded';
  const at = isoNow(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    // The dashboard says nothing of tax: its make-up is the charge's own share (decision 0059).
    const quote = JSON.parse((await reread(trx, charge.bookingId)).quote) as {
      lines: { kind: string; amount: number }[];
    };
    // Keyed by Stripe's refund id: however often it is read, it is counted once.
    if (
      await insertPayment(trx, {
        id: randomUUID(),
        bookingId: charge.bookingId,
        kind: 'refund',
        method: 'stripe',
        status: done ? 'succeeded' : 'pending',
        amountCents: refund.amount,
        idempotencyKey: `stripe-refund:${refund.id}`,
        refundOf: charge.id,
        stripeRefundId: refund.id,
        stripeSessionId: null,
        stripePaymentIntent: null,
        checkoutUrl: null,
        expiresAt: null,
        createdAt: at,
        settledAt: done ? at : null,
        refundTaxCents: taxShareCents(quote.lines, refund.amount),
      })
    )
      if (done) await addRefunded(trx, charge.bookingId, refund.amount, at);
  });
}
