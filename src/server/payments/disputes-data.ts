import type { Db } from '../db/database.js';
import type { PaymentDisputeRow } from '../db/schema.js';

// Every query on the payment_disputes table: each Stripe dispute of a booking's payment, as last read from Stripe.

/**
 * Writes the dispute as Stripe reports it now (one row per dispute, however often it is read); the
 * first moment it was seen closed is kept, so a lost dispute leaves the books on one day.
 */
export async function saveDispute(db: Db, dispute: PaymentDisputeRow): Promise<void> {
  const { status, amountCents, reason, respondBy, updatedAt } = dispute;
  await db
    .insertInto('paymentDisputes')
    .values(dispute)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        status,
        amountCents,
        reason,
        respondBy,
        updatedAt,
        closedAt: eb.fn.coalesce('paymentDisputes.closedAt', eb.ref('excluded.closedAt')),
      })),
    )
    .execute();
}

/** The disputes lost and closed from `from` to before `to` (ISO instants): money the guest's bank took back. */
export async function disputesLostBetween(db: Db, from: string, to: string): Promise<PaymentDisputeRow[]> {
  return db
    .selectFrom('paymentDisputes')
    .selectAll()
    .where('status', '=', 'lost')
    .where('closedAt', '>=', from)
    .where('closedAt', '<', to)
    .orderBy('closedAt')
    .orderBy('id')
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
