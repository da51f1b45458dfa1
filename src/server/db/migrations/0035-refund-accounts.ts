import type { Kysely } from 'kysely';

// The account a guest who paid by transfer gives for their refund (docs/decisions/0054-refunds-by-transfer.md):
// one per booking, the IBAN AES-256-GCM ciphertext (server/lib/data-encryption.ts), never clear
// text; deleted by the sweep with the guests' documents.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refund_accounts')
    .addColumn('booking_id', 'text', (c) => c.primaryKey())
    .addColumn('iban_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refund_accounts').execute();
}
