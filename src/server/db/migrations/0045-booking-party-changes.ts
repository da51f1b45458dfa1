import type { Kysely } from 'kysely';

// How many times the owner changed a booking's party: the key of each change's refund and mail
// (`party:<version>`), and the optimistic check of the change
// (docs/decisions/0069-changing-a-bookings-party.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('party_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('party_version').execute();
}
