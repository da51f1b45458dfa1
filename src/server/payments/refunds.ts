import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { addRefunded } from '../stay-record/bookings-data.js';
import { queueOwnerMail } from '../stay-record/booking-mails.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { reread } from '../stay-record/transition.js';
import type { Db } from '../db/database.js';
import type { BookingRow, PaymentRow } from '../db/schema.js';
import {
  findPayment,
  insertPaymentOnce,
  markChecked,
  paymentsOf,
  pendingPaymentsOf,
  settlePaymentRow,
  updatePayment,
} from './payments-data.js';
import { errorMessage } from '../../shared/error-message.js';
import { refundMakeUp, taxShareCents } from '../../shared/refund-make-up.js';

// Refunds: planned in the transaction that decides them (one row per charge refunded from, with
// an idempotency key), then sent to Stripe with that key, so a retry after a crash or a timeout
// refunds once. A transfer's refund is recorded for the owner to send.

/** The tourist tax a refund row gives back: as kept, or its proportional share for one planned before (decision 0059). */
const taxOfRefund = (row: PaymentRow, quoteLines: QuoteLines) => refundMakeUp(row, quoteLines).touristTaxCents;

type QuoteLines = readonly { kind: string; amount: number }[];

/**
 * Plans a refund of `cents`, of which `taxCents` is tourist tax, over the booking's settled
 * charges, cards first and the latest first, as pending refund rows, each keeping its make-up.
 * The charges it draws on are the ones the amount alone would (so no refund moves to another way
 * of paying), and among them the tax goes where it was paid: a charge gives back no more tax than
 * its share held, so each credit note credits tax its invoice carries (decision 0059). `purpose`
 * makes the keys (`cancel`, or a late payment's id).
 */
export async function planRefunds(
  trx: Db,
  bookingId: string,
  cents: number,
  taxCents: number,
  purpose: string,
  at: string,
): Promise<number> {
  const all = await paymentsOf(trx, [bookingId]);
  const quoteLines = (JSON.parse((await reread(trx, bookingId)).quote) as { lines: QuoteLines }).lines;
  const refundedFrom = new Map<string, { cents: number; tax: number }>();
  for (const row of all)
    if (row.kind === 'refund' && row.refundOf && row.status !== 'failed') {
      const before = refundedFrom.get(row.refundOf) ?? { cents: 0, tax: 0 };
      refundedFrom.set(row.refundOf, {
        cents: before.cents + row.amountCents,
        tax: before.tax + taxOfRefund(row, quoteLines),
      });
    }
  const charges = all
    .filter((p) => p.kind !== 'refund' && p.status === 'succeeded')
    .toSorted((a, b) =>
      a.method === b.method ? b.createdAt.localeCompare(a.createdAt) : a.method === 'stripe' ? -1 : 1,
    )
    .map((charge) => {
      const done = refundedFrom.get(charge.id) ?? { cents: 0, tax: 0 };
      const room = Math.max(0, charge.amountCents - done.cents);
      const taxRoom = Math.min(room, Math.max(0, taxShareCents(quoteLines, charge.amountCents) - done.tax));
      return { charge, room, taxRoom, tax: 0, rest: 0 };
    });
  // The charges the amount alone draws on, and their ways of paying: the refund stays within those.
  let reach = cents;
  const methods = new Set<string>();
  for (const c of charges)
    if (reach > 0 && c.room > 0) {
      methods.add(c.charge.method);
      reach -= c.room;
    }
  const eligible = charges.filter((c) => methods.has(c.charge.method));
  let taxLeft = Math.min(taxCents, cents);
  for (const c of eligible) {
    c.tax = Math.min(taxLeft, c.taxRoom);
    taxLeft -= c.tax;
  }
  let restLeft = cents - eligible.reduce((sum, c) => sum + c.tax, 0);
  for (const c of eligible) {
    c.rest = Math.min(restLeft, c.room - c.tax);
    restLeft -= c.rest;
    // Tax no charge's share held (a quote changed since): kept as tax, its credit note puts it where it fits.
    const extra = Math.min(taxLeft, c.rest);
    c.tax += extra;
    c.rest -= extra;
    taxLeft -= extra;
  }
  let planned = 0;
  for (const { charge, tax, rest } of eligible) {
    if (tax + rest <= 0) continue;
    await insertPaymentOnce(trx, {
      ...refundRow(bookingId, charge, tax + rest, `${charge.id}:refund:${purpose}`, at),
      refundTaxCents: tax,
    });
    planned += tax + rest;
  }
  return planned;
}

/** A pending refund row of `amountCents` from `charge`, under `key`. */
function refundRow(bookingId: string, charge: PaymentRow, amountCents: number, key: string, at: string) {
  return {
    id: randomUUID(),
    bookingId,
    kind: 'refund' as const,
    method: charge.method,
    status: 'pending' as const,
    amountCents,
    idempotencyKey: key,
    refundOf: charge.id,
    stripeSessionId: null,
    stripePaymentIntent: null,
    checkoutUrl: null,
    expiresAt: null,
    createdAt: at,
  };
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

/** Ends a refund that never reached the guest (refused, or a Multibanco refund whose bank details never came), and tells the owner, once. */
export async function failRefund(
  ctx: BookingContext,
  row: PaymentRow,
  message: string,
  stripeRefundId?: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (
      await settlePaymentRow(trx, row.id, 'failed', isoNow(ctx), {
        lastError: message.slice(0, 500),
        ...(stripeRefundId ? { stripeRefundId } : {}),
      })
    ) {
      await queueOwnerMail(trx, ctx, await reread(trx, row.bookingId), `refund-failed:${row.id}`, {
        kind: 'refundFailed',
        fields: ({ money }) => ({ amount: money(row.amountCents), message: message.slice(0, 500) }),
      });
    }
  });
  ctx.wakeMail();
}

/**
 * Brings a refund row in line with Stripe's refund: counted only once it `succeeded`; ended on
 * `failed` or `canceled`; otherwise (`pending`, `requires_action`) it stays pending, knowing its
 * Stripe id, and is read again (docs/decisions/0061-refunds-that-finish.md).
 */
export async function applyRefund(ctx: BookingContext, row: PaymentRow, refund: Stripe.Refund): Promise<void> {
  if (row.status !== 'pending') return;
  if (refund.status === 'succeeded') await settleRefund(ctx, row, refund.id);
  else if (refund.status === 'failed' || refund.status === 'canceled')
    await failRefund(
      ctx,
      row,
      refund.status === 'canceled'
        ? `the refund was cancelled at Stripe (${refund.failure_reason ?? 'a Multibanco refund whose bank details never came expires'})`
        : `the refund failed at Stripe (${refund.failure_reason ?? 'unknown reason'})`,
      refund.id,
    );
  else if (row.stripeRefundId !== refund.id) await updatePayment(ctx.db, row.id, { stripeRefundId: refund.id });
}

/** A refund waiting at Stripe is read again at most this often by the job; its events usually come first. */
export const REFUND_RECHECK_MS = 60 * 60_000;

/**
 * A refund of `row` Stripe already made: asked only for a row older than Stripe's memory of its
 * key, since within it the same key answers with the refund made.
 */
async function refundAlreadyMade(ctx: BookingContext, stripe: Stripe, row: PaymentRow, intentId: string) {
  if (ctx.now() - Date.parse(row.createdAt) < REFUND_KEY_WINDOW_MS) return undefined;
  const refunds = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
  return refunds.data.find((r) => r.metadata?.paymentId === row.id && r.status !== 'failed' && r.status !== 'canceled');
}

/**
 * Sends the booking's pending card refunds to Stripe, and reads again those Stripe has but has not
 * finished (the site's own and the dashboard's); one that fails to send stays pending for the next run.
 */
export async function sendRefunds(ctx: BookingContext, stripe: Stripe | undefined, bookingId: string): Promise<void> {
  if (!stripe) return;
  for (const row of await pendingPaymentsOf(ctx.db, bookingId, ['refund'])) {
    if (row.method !== 'stripe' || !row.refundOf) continue;
    try {
      if (row.stripeRefundId) {
        if (row.checkedAt && ctx.now() - Date.parse(row.checkedAt) < REFUND_RECHECK_MS) continue;
        await markChecked(ctx.db, row.id, isoNow(ctx));
        await applyRefund(ctx, row, await stripe.refunds.retrieve(row.stripeRefundId));
        continue;
      }
      const charge = await findPayment(ctx.db, row.refundOf);
      if (!charge?.stripePaymentIntent) continue;
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
      await markChecked(ctx.db, row.id, isoNow(ctx));
      await applyRefund(ctx, row, refund);
    } catch (error) {
      const message = errorMessage(error).slice(0, 500);
      // Stripe refused the refund itself (not a network failure): it will not pass on a retry, so the owner is told.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) await failRefund(ctx, row, message);
      else await updatePayment(ctx.db, row.id, { lastError: message });
      ctx.log.warn({ err: error, booking: bookingId }, 'refund not sent');
    }
  }
  ctx.wakeMail();
}

/** The tourist tax within `cents` of `payment`, by the booking's quote: what a whole or surplus refund gives back of it. */
async function taxWithin(db: Db, payment: PaymentRow, cents: number): Promise<number> {
  const booking = await reread(db, payment.bookingId);
  const lines = (JSON.parse(booking.quote) as { lines: QuoteLines }).lines;
  return taxShareCents(lines, cents);
}

/** Money that arrived for a booking that no longer holds its nights goes back in full, with the tax it carried. */
export async function refundLatePayment(ctx: BookingContext, payment: PaymentRow): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await insertPaymentOnce(trx, {
      ...refundRow(payment.bookingId, payment, payment.amountCents, `${payment.id}:refund:late`, isoNow(ctx)),
      refundTaxCents: await taxWithin(trx, payment, payment.amountCents),
    });
  });
  await sendRefunds(ctx, ctx.stripe, payment.bookingId);
}

/**
 * Money beyond the booking's total (a balance paid twice: a Multibanco reference and the card, or
 * two pages) is planned back at once, in the transaction that counted it, and the owner is told.
 * Its make-up is the payment's own: the share of tax its document carries.
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
    ...refundRow(booking.id, payment, cents, `${payment.id}:refund:surplus`, at),
    refundTaxCents: await taxWithin(trx, payment, cents),
  });
  await queueOwnerMail(trx, ctx, booking, `surplus:${payment.id}`, {
    kind: 'surplus',
    fields: ({ money }) => ({ amount: money(cents) }),
  });
}
