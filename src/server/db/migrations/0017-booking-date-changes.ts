import type { Kysely } from 'kysely';

// How many times the owner changed a booking's dates. The stay's planned mails carry it in their
// keys (stay-record/mail-schedule.ts), so a mail sent for the old dates goes again for the new ones,
// still once per key under mail_outbox's unique key (docs/decisions/0025-changing-a-bookings-dates.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('dates_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('dates_version').execute();
}
