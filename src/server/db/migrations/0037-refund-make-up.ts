import { type Kysely, sql } from 'kysely';

// A refund keeps its make-up when it is planned: the tourist tax it gives back, the rest being
// the nights and fees (docs/decisions/0059-refund-make-up-and-credit-notes.md). Null on the rows
// planned before: they are read as the proportional share they always had.
//
// A credit note recorded for the refund of a payment the owner invoiced by hand waited for ever
// for an invoice the provider never issues: one never sent to the provider is let go, so the
// refund is listed in "To invoice" as a credit note to issue by hand.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('refund_tax_cents', 'integer').execute();
  await sql`
    delete from invoice_documents
    where kind = 'credit_note' and status = 'pending' and create_sent_at is null
      and corrects_document_id is null
      and exists (
        select 1 from payments p join invoice_documents i on i.for_payment_id = p.refund_of
        where p.id = invoice_documents.payment_id and i.kind = 'invoice_receipt' and i.provider = 'manual'
      )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('refund_tax_cents').execute();
}
