import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { queueGuestMail, queueOwnerMail } from '../bookings/booking-mails.js';
import { type BookingContext, isoNow } from '../bookings/context.js';
import { newGuestLink } from '../bookings/guest-link.js';
import { reread } from '../bookings/transition.js';
import type { BookingRow } from '../db/schema.js';
import { insertPaymentOnce, settlePaymentRow, updatePayment } from './payments-data.js';

// The balance on its due date: the card saved at the deposit is charged off-session; without one,
// or when the bank asks for the guest or refuses, the guest gets a link to pay and the owner is told.

/** Charges the balance to the saved card, once per booking (its idempotency key); resolves to whether it was charged. */
export async function collectBalance(
  ctx: BookingContext,
  stripe: Stripe | undefined,
  booking: BookingRow,
): Promise<boolean> {
  const due = booking.totalCents - booking.paidCents;
  if (due <= 0) return false;
  if (!stripe || !booking.stripeCustomer || !booking.stripePaymentMethod) {
    await balanceFailed(ctx, booking.id, 'No saved card');
    return false;
  }
  const at = isoNow(ctx);
  const payment = await insertPaymentOnce(ctx.db, {
    id: randomUUID(),
    bookingId: booking.id,
    kind: 'balance',
    method: 'stripe',
    status: 'pending',
    amountCents: due,
    idempotencyKey: `${booking.id}:balance:off-session`,
    stripeSessionId: null,
    stripePaymentIntent: null,
    checkoutUrl: null,
    expiresAt: null,
    createdAt: at,
  });
  if (payment.status !== 'pending' || payment.stripePaymentIntent) return false;
  const currency = (JSON.parse(booking.quote) as { currency: string }).currency.toLowerCase();
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: due,
        currency,
        customer: booking.stripeCustomer,
        payment_method: booking.stripePaymentMethod,
        off_session: true,
        confirm: true,
        metadata: { bookingId: booking.id, paymentId: payment.id, kind: 'balance' },
      },
      { idempotencyKey: payment.idempotencyKey },
    );
    // Settled by the reconcile (payments/settle.ts), which reads the intent back from Stripe.
    await updatePayment(ctx.db, payment.id, { stripePaymentIntent: intent.id });
    return true;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) {
      // Unknown outcome (a timeout): the same key on the next run returns what Stripe did.
      ctx.log.warn({ err: error, booking: booking.code }, 'balance charge not confirmed; retried on the next run');
      await ctx.db
        .deleteFrom('payments')
        .where('id', '=', payment.id)
        .where('status', '=', 'pending')
        .where('stripePaymentIntent', 'is', null)
        .execute();
      return false;
    }
    const intentId = error.payment_intent?.id ?? null;
    const reason = error.code ?? 'card_error';
    await ctx.db.transaction().execute(async (trx) => {
      await settlePaymentRow(trx, payment.id, 'failed', isoNow(ctx), {
        lastError: reason,
        ...(intentId ? { stripePaymentIntent: intentId } : {}),
      });
    });
    await balanceFailed(
      ctx,
      booking.id,
      reason === 'authentication_required'
        ? 'The bank asked the guest to authenticate'
        : `The card was refused (${reason})`,
    );
    return false;
  }
}

/** The guest gets a link to pay the balance, and the owner is told why; once per reason. */
export async function balanceFailed(ctx: BookingContext, bookingId: string, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const booking = await reread(trx, bookingId);
    const url = await newGuestLink(trx, ctx, booking);
    const key = `balance-failed:${reason.replace(/\W+/g, '-').toLowerCase()}`;
    if (
      await queueGuestMail(trx, ctx, booking, 'balanceFailed', key, {
        amount: booking.totalCents - booking.paidCents,
        url,
      })
    ) {
      await queueOwnerMail(trx, ctx, booking, key, 'Balance not collected', [
        `The balance was not collected: ${reason}. The guest was sent a link to pay it.`,
      ]);
    }
  });
  ctx.wakeMail();
}
