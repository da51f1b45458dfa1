import type Stripe from 'stripe';
import { queueOwnerMail } from '../bookings/booking-mails.js';
import { type BookingContext, isoNow } from '../bookings/context.js';
import { reread } from '../bookings/transition.js';
import { formatAmount } from '../../shared/quote-text.js';
import { saveDispute } from './disputes-data.js';
import { paymentOfCharge } from './stripe-lookup.js';

// A guest's bank disputes a payment (a chargeback): the dispute is read back from Stripe on each
// of its events, kept with the booking for the owner's list, and the owner is mailed once when it
// opens and once when it closes (each mail's key is the dispute's id).

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
    });
    const booking = await reread(trx, payment.bookingId);
    const amount = formatAmount(dispute.amount, dispute.currency.toUpperCase(), 'en');
    await queueOwnerMail(trx, ctx, booking, `dispute:${dispute.id}`, 'A payment was disputed', [
      `The guest's bank disputes ${amount} of this booking's payments (reason: ${dispute.reason.replace(/_/g, ' ')}). Stripe has taken the amount back until the dispute is decided.`,
      respondBy
        ? `Answer by ${respondBy.slice(0, 16).replace('T', ' ')} UTC in Stripe's dashboard (Payments → Disputes): send the booking's evidence there (see "Disputes" in docs/payments.md). Without an answer by then, the dispute is lost.`
        : `Answer in Stripe's dashboard (Payments → Disputes) with the booking's evidence (see "Disputes" in docs/payments.md).`,
    ]);
    if (CLOSED.includes(dispute.status))
      await queueOwnerMail(trx, ctx, booking, `dispute-closed:${dispute.id}`, 'A dispute was closed', [
        `The dispute of ${amount} was closed: ${dispute.status === 'won' ? 'won, the money is yours again' : dispute.status === 'lost' ? 'lost, the bank gave the money back to the guest' : dispute.status.replace(/_/g, ' ')}.`,
      ]);
  });
  ctx.wakeMail();
}
