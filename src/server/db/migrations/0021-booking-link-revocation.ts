import type { Kysely } from 'kysely';

// The owner revokes a booking's guest links: each stops at once (410 gone) and stays as a row, so
// the guest is told it ended rather than that it never was (stay-record/guest-link.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_links').addColumn('revoked_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_links').dropColumn('revoked_at').execute();
}
