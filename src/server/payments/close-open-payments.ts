import type Stripe from 'stripe';
import { findBooking } from '../stay-record/bookings-data.js';
import type { PaymentRow } from '../db/schema.js';
import type { BookingContext } from '../stay-record/context.js';
import { offSessionKey } from './balance.js';
import { findPayment, pendingPaymentsOf } from './payments-data.js';

/**
 * Once a booking is paid in full, no other way to pay its balance stays open at Stripe: an open
 * Checkout page is expired, a Multibanco reference's payment intent cancelled, and each is then
 * read back, so it ends (or, paid at the last moment, is refunded as a surplus). A charge whose
 * outcome is unknown cannot be closed: if it went through, its money is refunded the same way.
 * `readBack` is settle.ts's reconcile, passed in rather than imported, since settling a payment
 * closes the others (settle.ts `closeOpenPayments`).
 */
export async function closeOpenBalancePayments(
  ctx: BookingContext,
  stripe: Stripe,
  bookingId: string,
  readBack: (row: PaymentRow) => Promise<void>,
): Promise<void> {
  const booking = await findBooking(ctx.db, bookingId);
  if (!booking || booking.paidCents < booking.totalCents) return;
  for (const open of await pendingPaymentsOf(ctx.db, bookingId, ['balance'])) {
    if (open.method !== 'stripe' || open.idempotencyKey === offSessionKey(bookingId)) continue;
    try {
      if (open.stripeSessionId) {
        const session = await stripe.checkout.sessions.retrieve(open.stripeSessionId);
        if (session.status === 'open')
          await stripe.checkout.sessions.expire(
            open.stripeSessionId,
            {},
            { idempotencyKey: `${open.idempotencyKey}:expire` },
          );
      }
      const intentId = (await findPayment(ctx.db, open.id))?.stripePaymentIntent;
      if (intentId) {
        const intent = await stripe.paymentIntents.retrieve(intentId);
        if (intent.status === 'requires_action' || intent.status === 'requires_payment_method')
          await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `${open.idempotencyKey}:cancel` });
      }
      const row = await findPayment(ctx.db, open.id);
      if (row) await readBack(row);
    } catch (error) {
      // Left pending: the job comes back to it (booking-jobs.ts).
      ctx.log.warn({ err: error, booking: booking.code }, 'open balance payment not closed; tried again later');
    }
  }
}
