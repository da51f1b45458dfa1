import type { Kysely } from 'kysely';

// The tourist tax's exemptions the owner ticks per guest of a stay (docs/decisions/0038-tourist-tax.md):
// a JSON array of `{guest, code}`, `guest` counting the adults first, then the children in the order
// of `children_ages`; `code` one of the content's `pricing.touristTax.exemptions`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('tourist_tax_exemptions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('tourist_tax_exemptions').execute();
}
