import type Stripe from 'stripe';
import { addPaid, lockBooking, updateBooking } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { reread } from '../stay-record/transition.js';
import type { PaymentRow } from '../db/schema.js';
import { findPayment, settlePaymentRow, updatePayment } from './payments-data.js';
import { planSurplusRefund, refundLatePayment, sendRefunds } from './refunds.js';
import { balanceFailedIn } from './balance.js';
import { closeOpenBalancePayments } from './close-open-payments.js';

// A Stripe payment's state is always read from Stripe, never taken from a webhook's body: the
// webhook and the reconcile job only say "look again". Settling is a conditional update from
// `pending`, so looking twice, on two servers or out of order, counts the money once.

type Intent = Stripe.PaymentIntent;

/**
 * Where to look for a payment whose row does not know its Stripe ids yet (its event came before
 * the answer was written): the event's session or intent, believed only if its metadata, read back
 * from Stripe, names this payment.
 */
export interface PaymentHint {
  sessionId?: string;
  intentId?: string;
}

/** Brings one pending Stripe payment in line with Stripe. */
export async function reconcilePayment(
  ctx: BookingContext,
  stripe: Stripe,
  payment: PaymentRow,
  hint: PaymentHint = {},
): Promise<void> {
  if (payment.method !== 'stripe' || payment.status !== 'pending' || payment.kind === 'refund') return;
  const sessionId = payment.stripeSessionId ?? hint.sessionId;
  if (sessionId) {
    const session = await stripe.checkout.sessions.retrieve(sessionId, {
      expand: ['payment_intent', 'payment_intent.payment_method'],
    });
    if (!payment.stripeSessionId && session.metadata?.paymentId !== payment.id) return;
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    if (session.payment_status === 'paid' || intent?.status === 'succeeded')
      return succeed(
        ctx,
        stripe,
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
  const intentId = payment.stripePaymentIntent ?? hint.intentId;
  if (intentId) {
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] });
    if (!payment.stripePaymentIntent && intent.metadata?.paymentId !== payment.id) return;
    if (intent.status === 'succeeded') return succeed(ctx, stripe, payment, intent.amount_received, intent, null);
    if (intent.status === 'canceled' || intent.status === 'requires_payment_method')
      return end(ctx, payment, 'failed', intent.last_payment_error?.code ?? intent.status, intent.id);
  }
}

/** Once a booking is paid in full, its other open balance payments are closed at Stripe and read back (close-open-payments.ts). */
export function closeOpenPayments(ctx: BookingContext, stripe: Stripe, bookingId: string): Promise<void> {
  return closeOpenBalancePayments(ctx, stripe, bookingId, (row) => reconcilePayment(ctx, stripe, row));
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

/** The card of a deposit, when it is one (the payment method expanded): MB WAY and Multibanco are never charged off-session. */
function savedCard(intent: Intent | null, session: Stripe.Checkout.Session | null) {
  const method = intent?.payment_method;
  if (typeof method !== 'object' || method === null || method.type !== 'card') return undefined;
  const customer =
    typeof intent?.customer === 'string'
      ? intent.customer
      : (intent?.customer?.id ?? (typeof session?.customer === 'string' ? session.customer : null));
  return customer ? { stripeCustomer: customer, stripePaymentMethod: method.id } : undefined;
}

async function succeed(
  ctx: BookingContext,
  stripe: Stripe,
  payment: PaymentRow,
  cents: number,
  intent: Intent | null,
  session: Stripe.Checkout.Session | null,
): Promise<void> {
  const at = isoNow(ctx);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (
      !(await settlePaymentRow(trx, payment.id, 'succeeded', at, {
        amountCents: cents,
        ...(intent ? { stripePaymentIntent: intent.id } : {}),
      }))
    )
      return undefined;
    // Locked first, so two payments settled at once each see the other's money (a surplus is found).
    await lockBooking(trx, payment.bookingId);
    const before = await reread(trx, payment.bookingId);
    await addPaid(trx, payment.bookingId, cents, at);
    const card = payment.kind === 'deposit' ? savedCard(intent, session) : undefined;
    if (card) await updateBooking(trx, payment.bookingId, card, at);
    // Money beyond the total on a booking that takes payments (a balance paid twice) goes back at once.
    const surplus = Math.min(cents, before.paidCents + cents - before.totalCents);
    if (surplus > 0 && ['confirmed', 'balance_due', 'paid'].includes(before.status)) {
      await planSurplusRefund(trx, ctx, before, payment, surplus, at);
      if (surplus === cents) return 'surplus';
    }
    return (await ctx.paymentOutcomes.paid(trx, payment.bookingId, payment.id, cents))
      ? surplus > 0
        ? 'surplus'
        : 'kept'
      : 'late';
  });
  ctx.wakeMail();
  if (outcome === 'late') await refundLatePayment(ctx, (await findPayment(ctx.db, payment.id)) as PaymentRow);
  if (outcome === 'surplus') await sendRefunds(ctx, stripe, payment.bookingId);
  if (outcome) await closeOpenPayments(ctx, stripe, payment.bookingId);
}

/** The payment ended without money: a deposit's booking lets its nights go; a refused balance's guest gets a link. */
async function end(
  ctx: BookingContext,
  payment: PaymentRow,
  status: 'failed' | 'expired',
  reason: string,
  intentId?: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (
      !(await settlePaymentRow(trx, payment.id, status, isoNow(ctx), {
        lastError: reason,
        ...(intentId && !payment.stripePaymentIntent ? { stripePaymentIntent: intentId } : {}),
      }))
    )
      return;
    const booking = await reread(trx, payment.bookingId);
    // A balance page the guest left unpaid needs no mail: their link still works.
    if (payment.kind === 'balance')
      return status === 'failed' ? balanceFailedIn(trx, ctx, payment.bookingId, reason) : undefined;
    if (booking.status === 'awaiting_payment') {
      // An accepted request keeps its hold until its own deadline: the guest may open a new page.
      if (!booking.holdUntil || booking.holdUntil <= isoNow(ctx))
        await ctx.paymentOutcomes.expired(trx, booking, reason);
    }
  });
  ctx.wakeMail();
}
