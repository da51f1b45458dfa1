import type { Kysely } from 'kysely';

// An erasure also clears the notes of calendar blocks that name the guest: the audit counts them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('guest_data_audit')
    .addColumn('blocks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('guest_data_audit').dropColumn('blocks').execute();
}
