import type { Kysely } from 'kysely';

// The owner's exports and erasures of a guest's data: when and how many rows, never whose.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('guest_data_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('inquiries', 'integer', (c) => c.notNull())
    .addColumn('reviews', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('guest_data_audit').execute();
}
