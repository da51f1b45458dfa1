import type { Kysely } from 'kysely';

// A mail may carry the stay as an iCalendar file (the booking's confirmation). A mail the owner
// cancels before it is due keeps its key with the status 'cancelled', so it is never queued again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('calendar', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('calendar').execute();
}
