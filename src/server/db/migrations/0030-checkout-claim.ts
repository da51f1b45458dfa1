import type { Kysely } from 'kysely';

// Until when a Stripe Checkout page is being made or open for a booking: its opening writes it
// only while the booking is paid through Stripe, and an offer's switch of the way of paying writes
// only while it has passed, each one conditional UPDATE of the booking's row, so the two never
// both win (docs/decisions/0047-outcomes-in-view.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('checkout_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('checkout_until').execute();
}
