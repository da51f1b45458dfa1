import type { Kysely } from 'kysely';

// The certified documents of the payments (docs/decisions/0039-invoicing-provider-and-exactly-once.md):
// one row per payment or refund, written before the provider is called, its payment id the unique
// key and the provider's `reference`, so a retry after a lost answer asks by that reference and
// two servers never issue a second document. Without a provider, the same row records that the
// owner issued it by hand ("To invoice"). Also: the guest's tax number on the booking, and the
// Stripe fee of each card payment, read from its balance transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().unique())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text')
    .addColumn('number', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    /** The lines as JSON, fixed with the intention, so a credit note takes its invoice's very lines. */
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('observations', 'text', (c) => c.notNull())
    /** When the create call was first sent: a later attempt asks the provider by reference first. */
    .addColumn('create_sent_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('error', 'text')
    .addColumn('emailed_at', 'text')
    .addColumn('done_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_documents_booking_idx').on('invoice_documents').column('booking_id').execute();
  await db.schema.alterTable('bookings').addColumn('nif', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('nif_country', 'text').execute();
  await db.schema.alterTable('payments').addColumn('stripe_fee_cents', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('stripe_fee_cents').execute();
  await db.schema.alterTable('bookings').dropColumn('nif_country').execute();
  await db.schema.alterTable('bookings').dropColumn('nif').execute();
  await db.schema.dropTable('invoice_documents').execute();
}
