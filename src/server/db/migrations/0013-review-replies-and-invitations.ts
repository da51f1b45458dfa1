import type { Kysely } from 'kysely';

// Reviews from real guests, and the owner's public replies. A booking's guest is invited once,
// by a link whose token is stored only as its hash; a review sent through it is a verified stay.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('reviews')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('reviews').addColumn('stay_month', 'text').execute();
  await db.schema.alterTable('reviews').addColumn('reply_text', 'text').execute();
  await db.schema.alterTable('reviews').addColumn('reply_at', 'text').execute();

  await db.schema
    .createTable('review_invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    // One invitation per booking: the request is sent at most once.
    .addColumn('booking_id', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('stay_month', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_invitations').execute();
  for (const column of ['reply_at', 'reply_text', 'stay_month', 'verified'])
    await db.schema.alterTable('reviews').dropColumn(column).execute();
}
