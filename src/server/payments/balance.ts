import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { queueGuestMail, queueOwnerMail } from '../stay-record/booking-mails.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { reread } from '../stay-record/transition.js';
import type { Db } from '../db/database.js';
import type { BookingRow, PaymentRow } from '../db/schema.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';
import { insertPaymentOnce, markChecked, pendingPaymentsOf, settlePaymentRow, updatePayment } from './payments-data.js';

// The balance on its due date: the card saved at the deposit is charged off-session; without one,
// or when the bank asks for the guest or refuses, the guest gets a link to pay and the owner is told.
// A charge whose outcome is unknown (a timeout, a crash after Stripe answered) keeps its row
// and is sent again with the same id, amount and key, so Stripe answers with what it did
// (docs/decisions/0034-money-whose-outcome-is-unknown.md). After a 5xx the same key would only
// replay that 5xx for 24 hours: the intent is looked up instead, among the customer's, by the
// payment id in its metadata (docs/decisions/0061-refunds-that-finish.md).

/** Stripe keeps a key's answer 24 hours; past this, a retry could charge again, so none is sent. */
export const BALANCE_KEY_WINDOW_MS = 23 * 60 * 60_000;

export const offSessionKey = (bookingId: string) => `${bookingId}:balance:off-session`;

/** How a row's last error says Stripe answered with a 5xx, which its key now replays. */
const SERVER_ERROR = 'stripe 5xx: ';

/**
 * An off-session charge sent whose outcome is not known yet: no balance page opens meanwhile, or
 * the guest could pay twice. Past Stripe's memory of its key the guest is given a link instead.
 */
export function chargingSavedCard(ctx: BookingContext, bookingId: string, payments: readonly PaymentRow[]): boolean {
  return payments.some(
    (p) =>
      p.status === 'pending' &&
      p.idempotencyKey === offSessionKey(bookingId) &&
      ctx.now() - Date.parse(p.createdAt) < BALANCE_KEY_WINDOW_MS,
  );
}

export async function offSessionChargeUnsettled(ctx: BookingContext, bookingId: string): Promise<boolean> {
  return chargingSavedCard(ctx, bookingId, await pendingPaymentsOf(ctx.db, bookingId, ['balance']));
}

/** The charge Stripe made for this payment, if any: the customer's intents, by the payment id in their metadata. */
async function intentByMetadata(stripe: Stripe, customer: string, paymentId: string) {
  const intents = await stripe.paymentIntents.list({ customer, limit: 100 });
  return intents.data.find((i) => i.metadata?.paymentId === paymentId);
}

const OWING: readonly BookingRow['status'][] = ['confirmed', 'balance_due'];

/** A balance payment the guest has under way (an open Checkout page, a Multibanco reference not yet due): it is left to finish. */
export async function balancePaymentOpen(ctx: BookingContext, bookingId: string): Promise<boolean> {
  const now = isoNow(ctx);
  return (await pendingPaymentsOf(ctx.db, bookingId, ['balance'])).some(
    (p) => p.idempotencyKey !== offSessionKey(bookingId) && p.expiresAt !== null && p.expiresAt > now,
  );
}

/** Whether the guest was already sent a link to pay the balance. */
export async function balanceLinkSent(db: Db, bookingId: string): Promise<boolean> {
  return (await mailsByKeyPrefix(db, `booking:${bookingId}:balance-failed:`)).length > 0;
}

/**
 * Charges the balance to the saved card, once per booking (its idempotency key); resolves to
 * whether Stripe answered with a payment intent. Called again for a charge whose outcome is
 * unknown, it sends the same request again.
 */
export async function collectBalance(
  ctx: BookingContext,
  stripe: Stripe | undefined,
  booking: BookingRow,
): Promise<boolean> {
  const due = booking.totalCents - booking.paidCents;
  if (due <= 0 || !OWING.includes(booking.status)) return false;
  if (await balancePaymentOpen(ctx, booking.id)) return false;
  if (!stripe || !booking.stripeCustomer || !booking.stripePaymentMethod) {
    await balanceFailed(ctx, booking.id, 'No saved card');
    return false;
  }
  const payment = await insertPaymentOnce(ctx.db, {
    id: randomUUID(),
    bookingId: booking.id,
    kind: 'balance',
    method: 'stripe',
    status: 'pending',
    amountCents: due,
    idempotencyKey: offSessionKey(booking.id),
    stripeSessionId: null,
    stripePaymentIntent: null,
    checkoutUrl: null,
    expiresAt: null,
    createdAt: isoNow(ctx),
  });
  if (payment.status !== 'pending' || payment.stripePaymentIntent) return false;
  if (ctx.now() - Date.parse(payment.createdAt) >= BALANCE_KEY_WINDOW_MS) {
    await balanceFailed(
      ctx,
      booking.id,
      `Stripe never confirmed whether the saved card was charged; look in Stripe's dashboard for a payment whose metadata has paymentId ${payment.id} (money that arrives twice is refunded by itself)`,
    );
    return false;
  }
  await markChecked(ctx.db, payment.id, isoNow(ctx));
  if (payment.lastError?.startsWith(SERVER_ERROR)) {
    // Not the same key again (it replays the 5xx): Stripe's own list says whether the card was charged.
    const found = await intentByMetadata(stripe, booking.stripeCustomer, payment.id);
    if (!found) return false;
    await updatePayment(ctx.db, payment.id, { stripePaymentIntent: found.id, lastError: null });
    return true;
  }
  const currency = (JSON.parse(booking.quote) as { currency: string }).currency.toLowerCase();
  try {
    // The row's amount, not today's due: a retry must be the same request.
    const intent = await stripe.paymentIntents.create(
      {
        amount: payment.amountCents,
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
    await updatePayment(ctx.db, payment.id, { stripePaymentIntent: intent.id, lastError: null });
    return true;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
      await refused(ctx, payment, error);
      return false;
    }
    // Unknown outcome: the row stays; a later run asks again, with the same key unless Stripe answered a 5xx.
    ctx.log.warn({ err: error, booking: booking.code }, 'balance charge not confirmed; asked again later');
    const serverError = error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500;
    await updatePayment(ctx.db, payment.id, {
      lastError: `${serverError ? SERVER_ERROR : ''}${String((error as Error).message)}`.slice(0, 500),
    });
    return false;
  }
}

/** Stripe refused the charge (a card refusal, or a request it cannot make: a detached card): nothing was charged. */
async function refused(ctx: BookingContext, payment: PaymentRow, error: Stripe.errors.StripeError): Promise<void> {
  const intentId = error.payment_intent?.id ?? null;
  const reason = error.code ?? (error instanceof Stripe.errors.StripeCardError ? 'card_error' : 'invalid_request');
  await ctx.db.transaction().execute(async (trx) => {
    if (
      await settlePaymentRow(trx, payment.id, 'failed', isoNow(ctx), {
        lastError: `${reason}: ${error.message}`.slice(0, 500),
        ...(intentId ? { stripePaymentIntent: intentId } : {}),
      })
    )
      await balanceFailedIn(
        trx,
        ctx,
        payment.bookingId,
        reason === 'authentication_required'
          ? 'The bank asked the guest to authenticate'
          : error instanceof Stripe.errors.StripeCardError
            ? `The card was refused (${reason})`
            : `Stripe refused to charge the saved card (${error.message})`,
      );
  });
  ctx.wakeMail();
}

/** The guest gets a link to pay the balance, and the owner is told why; once per reason, and only while the balance is owed. */
export async function balanceFailed(ctx: BookingContext, bookingId: string, reason: string): Promise<void> {
  await ctx.db.transaction().execute((trx) => balanceFailedIn(trx, ctx, bookingId, reason));
  ctx.wakeMail();
}

export async function balanceFailedIn(trx: Db, ctx: BookingContext, bookingId: string, reason: string): Promise<void> {
  const booking = await reread(trx, bookingId);
  if (!OWING.includes(booking.status) || booking.paidCents >= booking.totalCents) return;
  const key = `balance-failed:${reason.replace(/\W+/g, '-').toLowerCase().slice(0, 80)}`;
  // Asked first, so a repeat makes no new link.
  if ((await mailsByKeyPrefix(trx, `booking:${bookingId}:${key}`)).some((m) => m.key === `booking:${bookingId}:${key}`))
    return;
  const url = await newGuestLink(trx, ctx, booking);
  if (
    await queueGuestMail(trx, ctx, booking, 'balanceFailed', key, {
      amount: booking.totalCents - booking.paidCents,
      url,
    })
  ) {
    await queueOwnerMail(trx, ctx, booking, key, { kind: 'balanceFailed', fields: () => ({ reason }) });
  }
}
