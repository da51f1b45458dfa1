import { addRefunded } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow, today } from '../stay-record/context.js';
import { houseTimeOf } from '../stay-record/house-time.js';
import { houseToday } from '../../shared/dates.js';
import type { PaymentRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { findPayment, settlePaymentRow } from './payments-data.js';

// A refund by transfer is sent by the owner from their bank; "Refund sent" records the day it went
// out, and from then on it is settled, counted on its booking and in the books, and credited by the
// invoicing job like a card refund (docs/decisions/0060-a-transfer-refund-marked-sent.md).

const notPending = () =>
  new HttpError(
    409,
    'This payment is not a refund by transfer waiting to be sent',
    undefined,
    'not_pending_transfer_refund',
  );

/** The day a settled refund went out, at the house. */
export const sentDayOf = (row: PaymentRow) => (row.settledAt ? houseToday(Date.parse(row.settledAt)) : null);

/** Already recorded as sent on this day: a second click, or a retried request. */
const sentOn = (row: PaymentRow, day: string) =>
  row.kind === 'refund' && row.method === 'bank_transfer' && row.status === 'succeeded' && sentDayOf(row) === day;

/**
 * When a refund sent on `day` is settled: now when it is today, else noon at the house that day,
 * never before it was planned (so a refund planned and sent on one afternoon keeps that order).
 */
function settledAtFor(ctx: BookingContext, row: PaymentRow, day: string): string {
  if (day === today(ctx)) return isoNow(ctx);
  const noon = new Date(houseTimeOf(day, 12)).toISOString();
  return noon < row.createdAt ? row.createdAt : noon;
}

/**
 * Records a pending refund by transfer as sent on `day`, once: it is then settled and counted on
 * its booking. `recorded` is false when it was already recorded as sent that day.
 */
export async function markRefundSent(
  ctx: BookingContext,
  paymentId: string,
  day: string,
): Promise<{ row: PaymentRow; recorded: boolean }> {
  const row = await findPayment(ctx.db, paymentId);
  if (!row) throw new HttpError(404, 'No such payment');
  if (sentOn(row, day)) return { row, recorded: false };
  if (row.kind !== 'refund' || row.method !== 'bank_transfer' || row.status !== 'pending') throw notPending();
  if (day > today(ctx)) throw new HttpError(400, 'The day the refund went out cannot be in the future', 'day');
  const planned = houseToday(Date.parse(row.createdAt));
  if (day < planned)
    throw new HttpError(400, `The refund was planned on ${planned}: it cannot have gone out before`, 'day');
  const at = settledAtFor(ctx, row, day);
  // The move from `pending` is the once: two clicks at the same moment count the money once.
  const moved = await ctx.db.transaction().execute(async (trx) => {
    if (!(await settlePaymentRow(trx, row.id, 'succeeded', at))) return false;
    await addRefunded(trx, row.bookingId, row.amountCents, isoNow(ctx));
    return true;
  });
  const after = (await findPayment(ctx.db, paymentId)) as PaymentRow;
  if (!moved && !sentOn(after, day)) throw notPending();
  return { row: after, recorded: moved };
}
