import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { addRefunded } from '../bookings/bookings-data.js';
import { queueOwnerMail } from '../bookings/booking-mails.js';
import { type BookingContext, isoNow } from '../bookings/context.js';
import { reread } from '../bookings/transition.js';
import type { Db } from '../db/database.js';
import type { BookingRow, PaymentRow } from '../db/schema.js';
import {
  findPayment,
  insertPaymentOnce,
  paymentsOf,
  pendingPaymentsOf,
  settlePaymentRow,
  updatePayment,
} from './payments-data.js';
import { errorMessage } from '../../shared/error-message.js';

// Refunds: planned in the transaction that decides them (one row per charge refunded from, with
// an idempotency key), then sent to Stripe with that key, so a retry after a crash or a timeout
// refunds once. A transfer's refund is recorded for the owner to send.

/**
 * Plans a refund of `cents` over the booking's settled charges, cards first and the latest first,
 * as pending refund rows. `purpose` makes the keys (`cancel`, or a late payment's id).
 */
export async function planRefunds(
  trx: Db,
  bookingId: string,
  cents: number,
  purpose: string,
  at: string,
): Promise<number> {
  let left = cents;
  const all = await paymentsOf(trx, [bookingId]);
  const refundedFrom = new Map<string, number>();
  for (const row of all)
    if (row.kind === 'refund' && row.refundOf && row.status !== 'failed')
      refundedFrom.set(row.refundOf, (refundedFrom.get(row.refundOf) ?? 0) + row.amountCents);
  const charges = all
    .filter((p) => p.kind !== 'refund' && p.status === 'succeeded')
    .toSorted((a, b) =>
      a.method === b.method ? b.createdAt.localeCompare(a.createdAt) : a.method === 'stripe' ? -1 : 1,
    );
  for (const charge of charges) {
    if (left <= 0) break;
    const amount = Math.min(left, charge.amountCents - (refundedFrom.get(charge.id) ?? 0));
    if (amount <= 0) continue;
    await insertPaymentOnce(trx, {
      id: randomUUID(),
      bookingId,
      kind: 'refund',
      method: charge.method,
      status: 'pending',
      amountCents: amount,
      idempotencyKey: `${charge.id}:refund:${purpose}`,
      refundOf: charge.id,
      stripeSessionId: null,
      stripePaymentIntent: null,
      checkoutUrl: null,
      expiresAt: null,
      createdAt: at,
    });
    left -= amount;
  }
  return cents - left;
}

/** Stripe keeps a key's answer 24 hours: a refund older than this is looked for before it is sent again. */
export const REFUND_KEY_WINDOW_MS = 23 * 60 * 60_000;

/** Records a pending refund row as done at Stripe, and counts it on its booking, once. */
export async function settleRefund(ctx: BookingContext, row: PaymentRow, stripeRefundId: string): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await settlePaymentRow(trx, row.id, 'succeeded', isoNow(ctx), { stripeRefundId }))) return false;
    await addRefunded(trx, row.bookingId, row.amountCents, isoNow(ctx));
    return true;
  });
}

/**
 * A refund of `row` Stripe already made: asked only for a row older than Stripe's memory of its
 * key, since within it the same key answers with the refund made.
 */
async function refundAlreadyMade(ctx: BookingContext, stripe: Stripe, row: PaymentRow, intentId: string) {
  if (ctx.now() - Date.parse(row.createdAt) < REFUND_KEY_WINDOW_MS) return undefined;
  const refunds = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
  return refunds.data.find((r) => r.metadata?.paymentId === row.id && r.status !== 'failed' && r.status !== 'canceled');
}

/** Sends the booking's pending card refunds to Stripe; one that fails stays pending for the next run. */
export async function sendRefunds(ctx: BookingContext, stripe: Stripe | undefined, bookingId: string): Promise<void> {
  if (!stripe) return;
  for (const row of await pendingPaymentsOf(ctx.db, bookingId, ['refund'])) {
    if (row.method !== 'stripe' || !row.refundOf) continue;
    const charge = await findPayment(ctx.db, row.refundOf);
    if (!charge?.stripePaymentIntent) continue;
    try {
      const made = await refundAlreadyMade(ctx, stripe, row, charge.stripePaymentIntent);
      const refund =
        made ??
        (await stripe.refunds.create(
          {
            payment_intent: charge.stripePaymentIntent,
            amount: row.amountCents,
            metadata: { bookingId, paymentId: row.id },
          },
          { idempotencyKey: row.idempotencyKey },
        ));
      await settleRefund(ctx, row, refund.id);
    } catch (error) {
      const message = errorMessage(error).slice(0, 500);
      // Stripe refused the refund itself (not a network failure): it will not pass on a retry, so the owner is told.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        await ctx.db.transaction().execute(async (trx) => {
          if (await settlePaymentRow(trx, row.id, 'failed', isoNow(ctx), { lastError: message })) {
            await queueOwnerMail(trx, ctx, await reread(trx, bookingId), `refund-failed:${row.id}`, {
              kind: 'refundFailed',
              fields: ({ money }) => ({ amount: money(row.amountCents), message }),
            });
          }
        });
      } else {
        await updatePayment(ctx.db, row.id, { lastError: message });
      }
      ctx.log.warn({ err: error, booking: bookingId }, 'refund not sent');
    }
  }
  ctx.wakeMail();
}

/** Money that arrived for a booking that no longer holds its nights goes back in full. */
export async function refundLatePayment(ctx: BookingContext, payment: PaymentRow): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await insertPaymentOnce(trx, {
      id: randomUUID(),
      bookingId: payment.bookingId,
      kind: 'refund',
      method: payment.method,
      status: 'pending',
      amountCents: payment.amountCents,
      idempotencyKey: `${payment.id}:refund:late`,
      refundOf: payment.id,
      stripeSessionId: null,
      stripePaymentIntent: null,
      checkoutUrl: null,
      expiresAt: null,
      createdAt: isoNow(ctx),
    });
  });
  await sendRefunds(ctx, ctx.stripe, payment.bookingId);
}

/**
 * Money beyond the booking's total (a balance paid twice: a Multibanco reference and the card, or
 * two pages) is planned back at once, in the transaction that counted it, and the owner is told.
 */
export async function planSurplusRefund(
  trx: Db,
  ctx: BookingContext,
  booking: BookingRow,
  payment: PaymentRow,
  cents: number,
  at: string,
): Promise<void> {
  await insertPaymentOnce(trx, {
    id: randomUUID(),
    bookingId: booking.id,
    kind: 'refund',
    method: payment.method,
    status: 'pending',
    amountCents: cents,
    idempotencyKey: `${payment.id}:refund:surplus`,
    refundOf: payment.id,
    stripeSessionId: null,
    stripePaymentIntent: null,
    checkoutUrl: null,
    expiresAt: null,
    createdAt: at,
  });
  await queueOwnerMail(trx, ctx, booking, `surplus:${payment.id}`, {
    kind: 'surplus',
    fields: ({ money }) => ({ amount: money(cents) }),
  });
}
