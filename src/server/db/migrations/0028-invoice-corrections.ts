import { type Kysely, sql } from 'kysely';

// Correcting a guest's tax number after its invoice was issued (docs/invoicing.md, exactly once as
// docs/decisions/0039-invoicing-provider-and-exactly-once.md): a credit note of the old invoice
// and a new invoice, each a row of invoice_documents
// under a key made from the corrected document's id, so the unique key keeps each to one. A row
// now names the payment it is for (`for_payment_id`, its own key for a payment's or refund's own
// document), the document it corrects, and the tax number it was issued with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoice_documents').addColumn('for_payment_id', 'text').execute();
  await db.schema.alterTable('invoice_documents').addColumn('corrects_document_id', 'text').execute();
  /** JSON `{nif, country}`: the client's tax number as sent to the provider; null until sent. */
  await db.schema.alterTable('invoice_documents').addColumn('tax_number', 'text').execute();
  await sql`update invoice_documents set for_payment_id = payment_id`.execute(db);
  await db.schema
    .createIndex('invoice_documents_for_payment_idx')
    .on('invoice_documents')
    .column('for_payment_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoice_documents_for_payment_idx').execute();
  await db.schema.alterTable('invoice_documents').dropColumn('tax_number').execute();
  await db.schema.alterTable('invoice_documents').dropColumn('corrects_document_id').execute();
  await db.schema.alterTable('invoice_documents').dropColumn('for_payment_id').execute();
}
