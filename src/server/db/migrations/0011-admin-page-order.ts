import type { Kysely } from 'kysely';

// The admin lists are read a page at a time in these orders (shared/admin-pages.ts); inquiries
// and reviews have theirs since 0001 and 0003.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('calendar_blocks_start_idx')
    .on('calendar_blocks')
    .columns(['start_date', 'id'])
    .execute();
  await db.schema.createIndex('guest_data_audit_at_idx').on('guest_data_audit').columns(['at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('guest_data_audit_at_idx').execute();
  await db.schema.dropIndex('calendar_blocks_start_idx').execute();
}
