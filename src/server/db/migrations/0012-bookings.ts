import type { Kysely } from 'kysely';

// Direct booking (docs/decisions/0019-direct-booking.md): the bookings, the history of their
// statuses, their payments, the Stripe events seen, and an outbox for the guests' mails. Money is
// integer cents; dates of stays are YYYY-MM-DD text; times are ISO-8601 UTC text.
// Everything that must happen once has a unique key: a payment's idempotency key and Stripe ids,
// an event's id, a mail's key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('check_in', 'text', (c) => c.notNull())
    .addColumn('check_out', 'text', (c) => c.notNull())
    .addColumn('guests', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('due_now_cents', 'integer', (c) => c.notNull())
    .addColumn('paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_due_on', 'text')
    .addColumn('hold_until', 'text')
    .addColumn('bank_reference', 'text', (c) => c.unique())
    .addColumn('stripe_customer', 'text')
    .addColumn('stripe_payment_method', 'text')
    .addColumn('overdue_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_status_idx').on('bookings').columns(['status', 'check_in']).execute();
  await db.schema.createIndex('bookings_check_in_idx').on('bookings').columns(['check_in', 'id']).execute();

  // The guest's links: each mail that carries one gets its own token, stored only as its hash,
  // so a copy of the database opens no booking, and an older mail's link keeps working.
  await db.schema
    .createTable('booking_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_links_booking_idx').on('booking_links').column('booking_id').execute();

  await db.schema
    .createTable('booking_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    // The event's place in its booking's history: two moves can share a millisecond.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('booking_events_booking_idx')
    .on('booking_events')
    .columns(['booking_id', 'seq'])
    .unique()
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('stripe_session_id', 'text', (c) => c.unique())
    .addColumn('stripe_payment_intent', 'text', (c) => c.unique())
    .addColumn('stripe_refund_id', 'text', (c) => c.unique())
    // A refund's payment: the charge it gives money back from.
    .addColumn('refund_of', 'text')
    // When the reconcile job last asked Stripe about it.
    .addColumn('checked_at', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('payments_booking_idx').on('payments').columns(['booking_id', 'created_at']).execute();
  await db.schema.createIndex('payments_status_idx').on('payments').columns(['status', 'method']).execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // What the mail is for, such as `booking:<id>:confirmed`: the same mail is never queued twice.
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

  // A booking's nights are one calendar block, so availability, the 409 check and every export
  // see a hold at once.
  await db.schema.alterTable('calendar_blocks').addColumn('booking_id', 'text').execute();
  await db.schema
    .createIndex('calendar_blocks_booking_idx')
    .on('calendar_blocks')
    .column('booking_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('calendar_blocks_booking_idx').execute();
  await db.schema.alterTable('calendar_blocks').dropColumn('booking_id').execute();
  for (const table of ['mail_outbox', 'stripe_events', 'payments', 'booking_events', 'booking_links', 'bookings'])
    await db.schema.dropTable(table).execute();
}
