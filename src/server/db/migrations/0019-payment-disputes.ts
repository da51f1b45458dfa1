import type { Kysely } from 'kysely';

// The disputes (chargebacks) of the bookings' Stripe payments, as Stripe last reported them:
// one row per Stripe dispute (its id the key, so an event handled twice writes it once). The
// owner's list shows a booking's dispute with its amount and the deadline to answer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_disputes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('respond_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_disputes_booking_idx').on('payment_disputes').column('booking_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_disputes').execute();
}
