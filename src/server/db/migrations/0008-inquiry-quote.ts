import type { Kysely } from 'kysely';

// The price the guest was shown, as JSON, kept with the inquiry: later price changes leave it be.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('quote', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inquiries').dropColumn('quote').execute();
}
