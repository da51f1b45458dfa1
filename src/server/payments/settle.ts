import type Stripe from 'stripe';
import { addPaid, updateBooking } from '../bookings/bookings-data.js';
import { type BookingContext, isoNow } from '../bookings/context.js';
import { afterPayment, expireBooking } from '../bookings/lifecycle.js';
import { reread } from '../bookings/transition.js';
import type { PaymentRow } from '../db/schema.js';
import { findPayment, settlePaymentRow, updatePayment } from './payments-data.js';
import { refundLatePayment } from './refunds.js';
import { balanceFailed } from './balance.js';

// A Stripe payment's state is always read from Stripe, never taken from a webhook's body: the
// webhook and the reconcile job only say "look again". Settling is a conditional update from
// `pending`, so looking twice, on two servers or out of order, counts the money once.

type Intent = Stripe.PaymentIntent;

/** Brings one pending Stripe payment in line with Stripe. */
export async function reconcilePayment(ctx: BookingContext, stripe: Stripe, payment: PaymentRow): Promise<void> {
  if (payment.method !== 'stripe' || payment.status !== 'pending' || payment.kind === 'refund') return;
  if (payment.stripeSessionId) {
    const session = await stripe.checkout.sessions.retrieve(payment.stripeSessionId, { expand: ['payment_intent'] });
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    if (session.payment_status === 'paid' || intent?.status === 'succeeded')
      return succeed(
        ctx,
        payment,
        intent?.amount_received || session.amount_total || payment.amountCents,
        intent,
        session,
      );
    if (session.status === 'expired')
      return end(ctx, payment, 'expired', 'The payment page expired before it was paid');
    if (session.status === 'complete' && intent) return awaitAsync(ctx, payment, intent);
    return;
  }
  if (payment.stripePaymentIntent) {
    const intent = await stripe.paymentIntents.retrieve(payment.stripePaymentIntent);
    if (intent.status === 'succeeded') return succeed(ctx, payment, intent.amount_received, intent, null);
    if (intent.status === 'canceled' || intent.status === 'requires_payment_method')
      return end(ctx, payment, 'failed', intent.last_payment_error?.code ?? intent.status);
  }
}

/** A Multibanco reference waits to be paid: the nights stay held until it runs out; a cancelled one ends the payment. */
async function awaitAsync(ctx: BookingContext, payment: PaymentRow, intent: Intent): Promise<void> {
  if (intent.status === 'canceled' || intent.status === 'requires_payment_method')
    return end(ctx, payment, 'failed', 'The payment was not completed');
  const expires = intent.next_action?.multibanco_display_details?.expires_at;
  if (!expires) return;
  const until = new Date(expires * 1000).toISOString();
  if (payment.expiresAt === until) return;
  await ctx.db.transaction().execute(async (trx) => {
    await updatePayment(trx, payment.id, { stripePaymentIntent: intent.id, expiresAt: until });
    const booking = await reread(trx, payment.bookingId);
    if (booking.status === 'awaiting_payment') await updateBooking(trx, booking.id, { holdUntil: until }, isoNow(ctx));
  });
}

async function succeed(
  ctx: BookingContext,
  payment: PaymentRow,
  cents: number,
  intent: Intent | null,
  session: Stripe.Checkout.Session | null,
): Promise<void> {
  const at = isoNow(ctx);
  const kept = await ctx.db.transaction().execute(async (trx) => {
    if (
      !(await settlePaymentRow(trx, payment.id, 'succeeded', at, {
        amountCents: cents,
        ...(intent ? { stripePaymentIntent: intent.id } : {}),
      }))
    )
      return undefined;
    await addPaid(trx, payment.bookingId, cents, at);
    // The card of a deposit is kept for the balance, when Stripe saved one (never MB WAY or Multibanco).
    const method = intent?.payment_method;
    const isCard = typeof method === 'object' && method !== null ? method.type === 'card' : typeof method === 'string';
    const customer =
      typeof intent?.customer === 'string'
        ? intent.customer
        : (intent?.customer?.id ?? (typeof session?.customer === 'string' ? session.customer : null));
    if (payment.kind === 'deposit' && isCard && customer && method) {
      await updateBooking(
        trx,
        payment.bookingId,
        { stripeCustomer: customer, stripePaymentMethod: typeof method === 'string' ? method : method.id },
        at,
      );
    }
    return afterPayment(ctx, trx, payment.bookingId, payment.id, cents, 'payment');
  });
  ctx.wakeMail();
  if (kept === false) await refundLatePayment(ctx, (await findPayment(ctx.db, payment.id)) as PaymentRow);
}

/** The payment ended without money: a deposit's booking lets its nights go; a balance's guest gets a link. */
async function end(
  ctx: BookingContext,
  payment: PaymentRow,
  status: 'failed' | 'expired',
  reason: string,
): Promise<void> {
  const ended = await ctx.db.transaction().execute(async (trx) => {
    if (!(await settlePaymentRow(trx, payment.id, status, isoNow(ctx), { lastError: reason }))) return false;
    const booking = await reread(trx, payment.bookingId);
    if (payment.kind !== 'balance' && booking.status === 'awaiting_payment') {
      // An accepted request keeps its hold until its own deadline: the guest may open a new page.
      if (!booking.holdUntil || booking.holdUntil <= isoNow(ctx))
        await expireBooking(ctx, trx, booking, 'payment', reason);
    }
    return true;
  });
  if (ended && payment.kind === 'balance') await balanceFailed(ctx, payment.bookingId, reason);
  ctx.wakeMail();
}
