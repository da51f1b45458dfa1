import type { Db } from '../db/database.js';
import type { PaymentDisputeRow } from '../db/schema.js';

// Every query on the payment_disputes table: each Stripe dispute of a booking's payment, as last read from Stripe.

/** Writes the dispute as Stripe reports it now (one row per dispute, however often it is read). */
export async function saveDispute(db: Db, dispute: PaymentDisputeRow): Promise<void> {
  const { status, amountCents, reason, respondBy, updatedAt } = dispute;
  await db
    .insertInto('paymentDisputes')
    .values(dispute)
    .onConflict((oc) => oc.column('id').doUpdateSet({ status, amountCents, reason, respondBy, updatedAt }))
    .execute();
}

/** The disputes of these bookings, the latest first. */
export async function disputesOf(db: Db, bookingIds: readonly string[]): Promise<PaymentDisputeRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('paymentDisputes')
    .selectAll()
    .where('bookingId', 'in', bookingIds)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Stripe's statuses of a dispute that is over: the rest wait for evidence or Stripe's review. */
const CLOSED_DISPUTES = ['won', 'lost', 'warning_closed', 'charge_refunded'];

/** The disputes not yet closed, whatever their booking, the soonest deadline first. */
export async function openDisputes(db: Db): Promise<PaymentDisputeRow[]> {
  return db
    .selectFrom('paymentDisputes')
    .selectAll()
    .where('status', 'not in', CLOSED_DISPUTES)
    .orderBy('respondBy')
    .orderBy('id')
    .execute();
}
