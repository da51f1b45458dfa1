import type { Kysely } from 'kysely';

// A stay the owner keeps although its platform's feed no longer lists it
// (docs/decisions/0037-platform-stays-and-feed-events.md) records when it was kept, so it is no
// longer flagged.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('feed_kept_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('feed_kept_at').execute();
}
