import type { Kysely } from 'kysely';

// A feed's events become stays without retyping (docs/decisions/0037-platform-stays-and-feed-events.md):
// each event keeps its UID (a stay that completes it names it, so a sync recognises the stay), its
// summary, and what Airbnb writes in its description (the reservation code and the phone's last
// four digits); each feed the platform it belongs to, read from the feed itself, so a platform
// stay is never exported back to its own platform. A booking made from an inquiry's offer names
// the inquiry, once: the unique index refuses a second offer for it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('feed_events').addColumn('uid', 'text').execute();
  await db.schema.alterTable('feed_events').addColumn('summary', 'text').execute();
  await db.schema.alterTable('feed_events').addColumn('reference', 'text').execute();
  await db.schema.alterTable('feed_events').addColumn('phone_digits', 'text').execute();
  await db.schema.createIndex('feed_events_uid_idx').on('feed_events').column('uid').execute();
  await db.schema
    .alterTable('calendar_feeds')
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo('other'))
    .execute();
  await db.schema.alterTable('bookings').addColumn('inquiry_id', 'text').execute();
  await db.schema.createIndex('bookings_inquiry_id_idx').on('bookings').column('inquiry_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bookings_inquiry_id_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('inquiry_id').execute();
  await db.schema.alterTable('calendar_feeds').dropColumn('platform').execute();
  await db.schema.dropIndex('feed_events_uid_idx').execute();
  for (const column of ['phone_digits', 'reference', 'summary', 'uid'])
    await db.schema.alterTable('feed_events').dropColumn(column).execute();
}
