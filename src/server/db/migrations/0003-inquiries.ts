import type { Kysely } from 'kysely';

// An inquiry is its own outbox row: stored in the request's transaction, mailed by the worker.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inquiries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('guests', 'integer')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('check_in', 'text')
    .addColumn('check_out', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('inquiries_due_idx').on('inquiries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('inquiries_created_idx').on('inquiries').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inquiries').execute();
}
