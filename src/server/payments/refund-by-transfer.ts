import { randomUUID } from 'node:crypto';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import type { PaymentRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import {
  byTransferKeyOf,
  finishedFailedRefunds,
  findPayment,
  findPaymentByKey,
  insertPaymentOnce,
} from './payments-data.js';

// A refund Stripe failed or cancelled is finished by the owner with a refund by bank transfer of
// the same amount and make-up, from the same charge: planned here, then sent and marked sent as
// any refund by transfer (decision 0060), the guest giving the account on their page as after a
// transfer's cancellation (decision 0054). See docs/decisions/0061-refunds-that-finish.md.

const notFailed = () =>
  new HttpError(409, 'This payment is not a failed refund still to finish', undefined, 'not_failed_refund');

/**
 * Plans the refund by transfer that replaces the failed refund `paymentId`, once (its key is the
 * failed row's): a second click answers with the same row. `planned` is false for that second click.
 */
export async function refundByTransfer(
  ctx: BookingContext,
  paymentId: string,
): Promise<{ row: PaymentRow; planned: boolean }> {
  const failed = await findPayment(ctx.db, paymentId);
  if (!failed) throw new HttpError(404, 'No such payment');
  if (failed.kind !== 'refund' || failed.status !== 'failed' || !failed.refundOf) throw notFailed();
  const key = byTransferKeyOf(failed.id);
  const id = randomUUID();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // Refunded again from Stripe's dashboard meanwhile: a transfer would refund twice.
    const finished = await finishedFailedRefunds(trx, [failed.bookingId]);
    if (finished.has(failed.id)) {
      const existing = await findPaymentByKey(trx, key);
      if (!existing) throw notFailed();
      return existing;
    }
    return insertPaymentOnce(trx, {
      id,
      bookingId: failed.bookingId,
      kind: 'refund',
      method: 'bank_transfer',
      status: 'pending',
      amountCents: failed.amountCents,
      idempotencyKey: key,
      refundOf: failed.refundOf,
      refundTaxCents: failed.refundTaxCents,
      stripeSessionId: null,
      stripePaymentIntent: null,
      checkoutUrl: null,
      expiresAt: null,
      createdAt: isoNow(ctx),
    });
  });
  return { row, planned: row.id === id };
}
