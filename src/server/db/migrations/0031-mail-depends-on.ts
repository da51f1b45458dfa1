import type { Kysely } from 'kysely';

// A booking mail carries what it depends on (the booking, and the statuses in which it is still
// true, and a time after which it is pointless), so the delivery, which may come days late after
// SMTP_URL is set, drops a mail that is no longer true with the reason in `last_error` and the
// status 'dropped', rather than telling a guest to pay what they paid.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('depends_on', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('depends_on').execute();
}
