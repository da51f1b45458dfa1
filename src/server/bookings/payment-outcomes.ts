import type { BookingContext } from '../stay-record/context.js';
import { afterPayment, expireBooking } from './lifecycle.js';

/**
 * What a settled or ended payment does to its booking, registered once per app on the booking
 * context, for payments/settle.ts to call in its transaction (docs/decisions/0067-dependencies-run-one-way.md).
 */
export function registerPaymentOutcomes(ctx: BookingContext): void {
  ctx.paymentOutcomes.register({
    paid: (trx, bookingId, paymentId, cents) => afterPayment(ctx, trx, bookingId, paymentId, cents, 'payment'),
    expired: (trx, booking, note) => expireBooking(ctx, trx, booking, 'payment', note),
  });
}
