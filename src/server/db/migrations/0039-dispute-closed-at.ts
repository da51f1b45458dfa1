import type { Kysely } from 'kysely';

// When Stripe first reported a dispute closed: the day a lost dispute's money leaves the books
// (reports/money-movements.ts), written once however often the dispute is read again
// (docs/decisions/0061-refunds-that-finish.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_disputes').addColumn('closed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_disputes').dropColumn('closed_at').execute();
}
