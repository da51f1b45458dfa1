import type { Kysely } from 'kysely';

// Every stay, whatever its channel, is a booking (docs/stays.md): the channel it came from, the
// platform's reservation code and the calendar-feed event it completes (one stay per event, so a
// sync recognises it), the platform's commission, the children's ages (for the tourist tax, which
// counts people by age) and who collected that tax. `guests` stays the head count, children included.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('direct'))
    .execute();
  await db.schema.alterTable('bookings').addColumn('platform_reference', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('feed_event_uid', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('commission_cents', 'integer').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('children_ages', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('tourist_tax_collected_by', 'text', (c) => c.notNull().defaultTo('owner'))
    .execute();
  await db.schema.createIndex('bookings_feed_event_uid_idx').on('bookings').column('feed_event_uid').unique().execute();
  await db.schema.createIndex('bookings_channel_idx').on('bookings').columns(['channel', 'check_in']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bookings_channel_idx').execute();
  await db.schema.dropIndex('bookings_feed_event_uid_idx').execute();
  for (const column of [
    'tourist_tax_collected_by',
    'children_ages',
    'commission_cents',
    'feed_event_uid',
    'platform_reference',
    'channel',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
