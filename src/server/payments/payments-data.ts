import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, PaymentRow, PaymentsTable } from '../db/schema.js';

// Every query on the payments table: charges, transfers and refunds of the bookings. A payment is
// settled once: by a conditional update from `pending`, so a webhook and the reconcile job, or two
// servers, cannot both count it.

export type NewPayment = Omit<Insertable<PaymentsTable>, 'settledAt' | 'lastError' | 'stripeRefundId'> &
  Partial<Pick<PaymentRow, 'settledAt' | 'stripeRefundId' | 'refundOf'>>;

/** Inserts the payment unless its idempotency key exists; false when it did. */
export async function insertPayment(db: Db, payment: NewPayment): Promise<boolean> {
  const result = await db
    .insertInto('payments')
    .values({ lastError: null, settledAt: null, stripeRefundId: null, ...payment })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Inserts the payment unless its idempotency key exists; resolves to the row under that key either way. */
export async function insertPaymentOnce(db: Db, payment: NewPayment): Promise<PaymentRow> {
  await insertPayment(db, payment);
  return (await db
    .selectFrom('payments')
    .selectAll()
    .where('idempotencyKey', '=', payment.idempotencyKey)
    .executeTakeFirst()) as PaymentRow;
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPaymentByKey(db: Db, idempotencyKey: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('idempotencyKey', '=', idempotencyKey).executeTakeFirst();
}

export async function findPaymentByRefund(db: Db, refundId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('stripeRefundId', '=', refundId).executeTakeFirst();
}

export async function findPaymentBySession(db: Db, sessionId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('stripeSessionId', '=', sessionId).executeTakeFirst();
}

export async function findPaymentByIntent(db: Db, intentId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('stripePaymentIntent', '=', intentId)
    .where('kind', '!=', 'refund')
    .executeTakeFirst();
}

/** The payments and refunds settled from `from` to before `to` (ISO instants), by settlement. */
export async function paymentsSettledBetween(db: Db, from: string, to: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'succeeded')
    .where('settledAt', '>=', from)
    .where('settledAt', '<', to)
    .orderBy('settledAt')
    .orderBy('id')
    .execute();
}

export async function paymentsOf(db: Db, bookingIds: readonly string[]): Promise<PaymentRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('payments')
    .selectAll()
    .where('bookingId', 'in', bookingIds)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function countPayments(db: Db, bookingId: string, kind: PaymentRow['kind']): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bookingId', '=', bookingId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The Stripe payments still pending that nobody asked Stripe about since `checkedBefore`: the
 * reconcile job's work. Not refunds: those are sent and read again by refunds.ts, on their own clock.
 */
export async function pendingStripePayments(db: Db, checkedBefore: string, limit = 200): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('method', '=', 'stripe')
    .where('kind', '!=', 'refund')
    .where((eb) => eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<', checkedBefore)]))
    .orderBy('createdAt')
    .limit(limit)
    .execute();
}

export async function markChecked(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('payments').set({ checkedAt: at }).where('id', '=', id).execute();
}

/** A booking's payments still pending, of these kinds. */
export async function pendingPaymentsOf(
  db: Db,
  bookingId: string,
  kinds: readonly PaymentRow['kind'][],
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('bookingId', '=', bookingId)
    .where('status', '=', 'pending')
    .where('kind', 'in', kinds)
    .orderBy('createdAt')
    .execute();
}

export async function updatePayment(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      PaymentRow,
      | 'stripeSessionId'
      | 'stripePaymentIntent'
      | 'stripeRefundId'
      | 'checkoutUrl'
      | 'expiresAt'
      | 'lastError'
      | 'amountCents'
    >
  >,
): Promise<void> {
  await db.updateTable('payments').set(changes).where('id', '=', id).execute();
}

/** Moves a pending payment to its end; false when it had already ended (another handler was first). */
export async function settlePaymentRow(
  db: Db,
  id: string,
  status: 'succeeded' | 'failed' | 'expired',
  at: string,
  changes: Partial<Pick<PaymentRow, 'amountCents' | 'stripePaymentIntent' | 'lastError' | 'stripeRefundId'>> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status, settledAt: at, ...changes })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The bookings with a card refund still to send to Stripe. */
export async function bookingsWithPendingRefunds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('payments')
    .select('bookingId')
    .distinct()
    .where('kind', '=', 'refund')
    .where('status', '=', 'pending')
    .where('method', '=', 'stripe')
    .execute();
  return rows.map((r) => r.bookingId);
}

/** The key of the refund by transfer that finishes a failed refund (decision 0061): one, however often asked. */
const BY_TRANSFER = ':refund:by-transfer';
export const byTransferKeyOf = (failedRefundId: string) => `${failedRefundId}${BY_TRANSFER}`;

/**
 * A failed refund is finished once it has a successor: the refund by transfer planned for it, or a
 * later refund of the same charge, of at least its amount, that succeeded (one made from Stripe's
 * dashboard). Until then it waits in "Needs action" (docs/decisions/0061-refunds-that-finish.md).
 */
const hasSuccessor = (eb: ExpressionBuilder<Database & { f: PaymentsTable }, 'f'>) =>
  eb.exists(
    eb
      .selectFrom('payments as s')
      .select('s.id')
      .where('s.kind', '=', 'refund')
      .where((s) =>
        s.or([
          s('s.idempotencyKey', '=', sql<string>`${s.ref('f.id')} || ${BY_TRANSFER}`),
          s.and([
            s('s.refundOf', '=', s.ref('f.refundOf')),
            s('s.status', '=', 'succeeded'),
            s('s.amountCents', '>=', s.ref('f.amountCents')),
            s('s.createdAt', '>', s.ref('f.createdAt')),
          ]),
        ]),
      ),
  );

/** Refunds by transfer still to send, and failed refunds without a successor, oldest first (decisions 0060, 0061). */
export async function refundsNeedingAction(db: Db): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments as f')
    .selectAll('f')
    .where('f.kind', '=', 'refund')
    .where((eb) =>
      eb.or([
        eb.and([eb('f.status', '=', 'pending'), eb('f.method', '=', 'bank_transfer')]),
        eb.and([eb('f.status', '=', 'failed'), eb.not(hasSuccessor(eb))]),
      ]),
    )
    .orderBy('f.createdAt')
    .orderBy('f.id')
    .execute();
}

/** The ids of these bookings' failed refunds that have a successor: finished, nothing left to do. */
export async function finishedFailedRefunds(db: Db, bookingIds: readonly string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('payments as f')
    .select('f.id')
    .where('f.bookingId', 'in', bookingIds)
    .where('f.kind', '=', 'refund')
    .where('f.status', '=', 'failed')
    .where((eb) => hasSuccessor(eb))
    .execute();
  return new Set(rows.map((r) => r.id));
}
