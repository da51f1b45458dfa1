import type { Kysely } from 'kysely';

// The availability calendar (docs/decisions/0012-availability-and-calendar-sync.md): the owner's
// blocks and confirmed bookings, the imported feeds, and each feed's last good set of nights.
// Dates are YYYY-MM-DD text with an exclusive end; `start`/`end` are avoided as column names
// because END is reserved in SQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    // A booking's inquiry; kept when the inquiry itself is swept, so it says only "which one".
    .addColumn('inquiry_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_blocks_end_idx').on('calendar_blocks').column('end_date').execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('export_token', 'text', (c) => c.notNull().unique())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('last_sync_at', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('failing_since', 'text')
    // 'none', or 'failing' once the owner was mailed that the feed is down (until the recovery mail).
    .addColumn('alert_state', 'text', (c) => c.notNull().defaultTo('none'))
    // An import that found no events at all, not yet applied: the next one must agree.
    .addColumn('empty_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('feed_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('feed_id', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feed_events_feed_idx').on('feed_events').column('feed_id').execute();
  await db.schema.createIndex('feed_events_end_idx').on('feed_events').column('end_date').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_events').execute();
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('calendar_blocks').execute();
}
