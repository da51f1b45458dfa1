import type { Kysely } from 'kysely';

// A feed's event the owner marks "not a stay" (docs/decisions/0053-a-stay-keeps-its-tourist-tax-rule.md):
// once per UID (the primary key, so two clicks or two servers record it once), with the owner's
// note, who and when, and the event's nights and feed as they were, since a sync replaces events.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_event_dismissals')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('feed_name', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('dismissed_by', 'text', (c) => c.notNull())
    .addColumn('dismissed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_event_dismissals').execute();
}
