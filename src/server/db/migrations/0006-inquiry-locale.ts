import type { Kysely } from 'kysely';

// Which language's page an inquiry came from (docs/decisions/0011-languages.md). The inquiries
// stored before there were languages all came from the English page.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inquiries').dropColumn('locale').execute();
}
