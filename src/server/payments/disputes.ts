import type Stripe from 'stripe';
import { type OwnerFormats, queueOwnerMail } from '../stay-record/booking-mails.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';
import { reread } from '../stay-record/transition.js';
import { saveDispute } from './disputes-data.js';
import { paymentOfCharge } from './stripe-lookup.js';

// A guest's bank disputes a payment (a chargeback): the dispute is read back from Stripe on each
// of its events, kept with the booking for the owner's list, and the owner is mailed once when it
// opens and once when it closes (each mail's key is the dispute's id). A lost one is money the
// bank took back: a movement in the books on the day it closed (reports/money-movements.ts).

const CLOSED = ['won', 'lost', 'warning_closed'];

export async function syncDispute(ctx: BookingContext, stripe: Stripe, disputeId: string): Promise<void> {
  const dispute = await stripe.disputes.retrieve(disputeId);
  const charge = await stripe.charges.retrieve(typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id);
  const payment = await paymentOfCharge(ctx, stripe, charge);
  if (!payment) return;
  const at = isoNow(ctx);
  const dueBy = dispute.evidence_details?.due_by;
  const respondBy = dueBy ? new Date(dueBy * 1000).toISOString() : null;
  await ctx.db.transaction().execute(async (trx) => {
    await saveDispute(trx, {
      id: dispute.id,
      bookingId: payment.bookingId,
      paymentId: payment.id,
      status: dispute.status,
      amountCents: dispute.amount,
      reason: dispute.reason,
      respondBy,
      createdAt: at,
      updatedAt: at,
      closedAt: CLOSED.includes(dispute.status) || dispute.status === 'charge_refunded' ? at : null,
    });
    const booking = await reread(trx, payment.bookingId);
    const amount = ({ money }: OwnerFormats) => money(dispute.amount, dispute.currency.toUpperCase());
    await queueOwnerMail(trx, ctx, booking, `dispute:${dispute.id}`, {
      kind: 'disputed',
      fields: (format) => ({
        amount: amount(format),
        // Stripe's own reason code, as its dashboard names it.
        reason: dispute.reason.replace(/_/g, ' '),
        respondBy: respondBy ? format.moment(respondBy) : '',
      }),
      notes: [respondBy ? 'disputeRespondBy' : 'disputeNoDate'],
    });
    if (CLOSED.includes(dispute.status))
      await queueOwnerMail(trx, ctx, booking, `dispute-closed:${dispute.id}`, {
        kind: dispute.status === 'won' ? 'disputeWon' : dispute.status === 'lost' ? 'disputeLost' : 'disputeClosed',
        fields: (format) => ({ amount: amount(format), outcome: dispute.status.replace(/_/g, ' ') }),
      });
  });
  ctx.wakeMail();
}
