import type { Kysely } from 'kysely';

// The owner marks an inquiry handled (answered by mail, on the phone, or not worth an answer): who
// and when, so it leaves "Needs action" (docs/decisions/0044-needs-action.md). Written once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('handled_at', 'text').execute();
  await db.schema.alterTable('inquiries').addColumn('handled_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inquiries').dropColumn('handled_by').execute();
  await db.schema.alterTable('inquiries').dropColumn('handled_at').execute();
}
