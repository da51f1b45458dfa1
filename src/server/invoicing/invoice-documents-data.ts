import { type Selectable, sql } from 'kysely';
import {
  INVOICE_DOCUMENT_MOVES,
  ISSUED_AT_PROVIDER,
  type InvoiceDocumentKind,
  type InvoiceDocumentStatus,
} from '../../shared/invoicing.js';
import type { Db } from '../db/database.js';
import type { InvoiceDocumentsTable, PaymentRow } from '../db/schema.js';
import { randomUUID } from 'node:crypto';

// Every query on invoice_documents. A row is written before the provider is called, unique by its
// payment; it is held by one server at a time through lease_until; each move is a conditional
// update from the state the caller saw, allowed by shared/invoicing.ts INVOICE_DOCUMENT_MOVES.

export type InvoiceDocumentRow = Selectable<InvoiceDocumentsTable>;

const OPEN: InvoiceDocumentStatus[] = ['pending', 'draft', 'final'];

export async function findDocument(db: Db, paymentId: string): Promise<InvoiceDocumentRow | undefined> {
  return db.selectFrom('invoiceDocuments').selectAll().where('paymentId', '=', paymentId).executeTakeFirst();
}

export async function findDocumentById(db: Db, id: string): Promise<InvoiceDocumentRow | undefined> {
  return db.selectFrom('invoiceDocuments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The payment's invoice as it stands: its own, or the one that last replaced it after a correction. */
export async function currentInvoiceOf(db: Db, paymentId: string): Promise<InvoiceDocumentRow | undefined> {
  const invoices = await db
    .selectFrom('invoiceDocuments')
    .selectAll()
    .where('forPaymentId', '=', paymentId)
    .where('kind', '=', 'invoice_receipt')
    .execute();
  const replaced = new Set(invoices.map((d) => d.correctsDocumentId));
  return invoices.find((d) => !replaced.has(d.id));
}

export async function documentsOfBooking(db: Db, bookingId: string): Promise<InvoiceDocumentRow[]> {
  return (
    db
      .selectFrom('invoiceDocuments')
      .selectAll()
      .where('bookingId', '=', bookingId)
      .orderBy('createdAt')
      // Recorded at once, a correction's credit note comes after the invoice it cancels, and before the new one.
      .orderBy(sql`corrects_document_id is null`, 'desc')
      .orderBy('kind')
      .orderBy('id')
      .execute()
  );
}

/**
 * The document of each of these payments and refunds as it stands: a payment's current invoice
 * (the new one after a tax number's correction), a refund's credit note.
 */
export async function documentsOfPayments(db: Db, paymentIds: readonly string[]): Promise<InvoiceDocumentRow[]> {
  if (paymentIds.length === 0) return [];
  const docs = await db.selectFrom('invoiceDocuments').selectAll().where('forPaymentId', 'in', paymentIds).execute();
  const replaced = new Set(docs.map((d) => d.correctsDocumentId));
  return docs.filter((d) => !replaced.has(d.id) && !(d.kind === 'credit_note' && d.correctsDocumentId));
}

export interface NewDocument {
  paymentId: string;
  /** The payment it is for; `paymentId` when left out (a payment's or refund's own document). */
  forPaymentId?: string;
  correctsDocumentId?: string | null;
  taxNumber?: string | null;
  bookingId: string;
  kind: InvoiceDocumentKind;
  provider: string;
  amountCents: number;
  lines: string;
  observations: string;
  status?: InvoiceDocumentStatus;
  doneBy?: string | null;
}

/** The payment's row, written when there is none; when two servers write it at once, one insert wins and both read it. */
export async function ensureDocument(db: Db, doc: NewDocument, now: string): Promise<InvoiceDocumentRow> {
  await recordDocument(db, doc, now);
  return (await findDocument(db, doc.paymentId)) as InvoiceDocumentRow;
}

/** Writes the row unless its key exists; whether this call wrote it. */
export async function recordDocument(db: Db, doc: NewDocument, now: string): Promise<boolean> {
  const result = await db
    .insertInto('invoiceDocuments')
    .values({
      id: randomUUID(),
      status: 'pending',
      providerId: null,
      number: null,
      createSentAt: null,
      nextAttemptAt: now,
      leaseUntil: null,
      error: null,
      emailedAt: null,
      doneBy: null,
      createdAt: now,
      updatedAt: now,
      ...doc,
      forPaymentId: doc.forPaymentId ?? doc.paymentId,
    })
    .onConflict((oc) => oc.column('paymentId').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The settled payments and refunds with no document yet, oldest first; not the refund of a payment
 * the owner invoiced by hand, whose credit note is theirs to issue (decision 0059), so those never
 * fill the page.
 */
export async function paymentsWithoutDocument(db: Db, limit = 100): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .leftJoin('invoiceDocuments', 'invoiceDocuments.paymentId', 'payments.id')
    .leftJoin('invoiceDocuments as byHand', (join) =>
      join
        .onRef('byHand.forPaymentId', '=', 'payments.refundOf')
        .on('byHand.kind', '=', 'invoice_receipt')
        .on('byHand.provider', '=', 'manual'),
    )
    .selectAll('payments')
    .where('payments.status', '=', 'succeeded')
    .where('invoiceDocuments.id', 'is', null)
    .where('byHand.id', 'is', null)
    .orderBy('payments.settledAt')
    .orderBy('payments.id')
    .limit(limit)
    .execute();
}

/** The documents the job still has work on, due now and held by nobody: their ids, for the job to claim one by one. */
export async function openDocumentIds(db: Db, now: string, limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom('invoiceDocuments')
    .select('id')
    .where('status', 'in', OPEN)
    .where('provider', '!=', 'manual')
    .where('nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the row for one attempt and answers it as it stands once taken, in the one statement:
 * undefined when another server holds it or it moved on. The job works only from this row, whose
 * `leaseUntil` is its hold: every later write of the attempt is conditional on it
 * (docs/decisions/0058-jobs-never-overlap-themselves.md).
 */
export async function claimDocument(
  db: Db,
  id: string,
  now: string,
  leaseUntil: string,
): Promise<InvoiceDocumentRow | undefined> {
  return db
    .updateTable('invoiceDocuments')
    .set((eb) => ({ leaseUntil, attempts: eb('attempts', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .where('nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Extends the hold on a claimed row, only while it is still this attempt's (`heldUntil`); false when another took it. */
export async function holdDocument(
  db: Db,
  id: string,
  heldUntil: string,
  leaseUntil: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('invoiceDocuments')
    .set({ leaseUntil, updatedAt: now })
    .where('id', '=', id)
    .where('leaseUntil', '=', heldUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

type Changes = Partial<
  Pick<
    InvoiceDocumentRow,
    | 'providerId'
    | 'number'
    | 'observations'
    | 'createSentAt'
    | 'nextAttemptAt'
    | 'leaseUntil'
    | 'error'
    | 'emailedAt'
    | 'doneBy'
    | 'taxNumber'
  >
>;

/** Changes a row without moving it; with `heldUntil`, only while the caller's claim holds it (false otherwise). */
export async function updateDocument(
  db: Db,
  id: string,
  changes: Changes,
  now: string,
  heldUntil?: string,
): Promise<boolean> {
  let query = db
    .updateTable('invoiceDocuments')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', id);
  if (heldUntil !== undefined) query = query.where('leaseUntil', '=', heldUntil);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Moves a row from `from` to `to`; false when it was no longer in `from`, or, with `heldUntil`,
 * no longer held by the caller's claim.
 */
export async function moveDocument(
  db: Db,
  id: string,
  from: InvoiceDocumentStatus,
  to: InvoiceDocumentStatus,
  changes: Changes,
  now: string,
  heldUntil?: string,
): Promise<boolean> {
  if (!INVOICE_DOCUMENT_MOVES[from].includes(to))
    throw new Error(`An invoice document cannot move from ${from} to ${to}`);
  let query = db
    .updateTable('invoiceDocuments')
    .set({ ...changes, status: to, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', from);
  if (heldUntil !== undefined) query = query.where('leaseUntil', '=', heldUntil);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The owner corrected what the provider refused: each refused document of the booking is tried again. */
export async function retryRejected(db: Db, bookingId: string, now: string): Promise<void> {
  await db
    .updateTable('invoiceDocuments')
    .set({ status: 'pending', nextAttemptAt: now, error: null, updatedAt: now })
    .where('bookingId', '=', bookingId)
    .where('status', '=', 'rejected')
    .execute();
}

/**
 * Whether a document of the booking is being issued now: a draft at the provider, or a pending one
 * whose create was sent or which the job holds (it reads the booking's tax number once it holds it).
 */
export async function documentBeingIssued(db: Db, bookingId: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('invoiceDocuments')
    .select('id')
    .where('bookingId', '=', bookingId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'draft'),
        eb.and([
          eb('status', '=', 'pending'),
          eb.or([eb('createSentAt', 'is not', null), eb('leaseUntil', '>=', now)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a document of the booking was issued (so its tax number can no longer change on it). */
export async function hasIssuedDocument(db: Db, bookingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('invoiceDocuments')
    .select('id')
    .where('bookingId', '=', bookingId)
    .where('status', 'in', [...ISSUED_AT_PROVIDER, 'manual'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The documents recorded before `before` and not issued yet: on their way, or refused by the provider. Oldest first. */
export async function documentsWaitingSince(db: Db, before: string): Promise<InvoiceDocumentRow[]> {
  return db
    .selectFrom('invoiceDocuments')
    .selectAll()
    .where('status', 'in', ['pending', 'draft', 'rejected'])
    .where('createdAt', '<', before)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The payments and refunds settled before `before` that still have no document: to invoice by hand. */
export async function undocumentedPaymentsSince(db: Db, before: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .leftJoin('invoiceDocuments', 'invoiceDocuments.paymentId', 'payments.id')
    .selectAll('payments')
    .where('payments.status', '=', 'succeeded')
    .where('payments.settledAt', '<', before)
    .where('invoiceDocuments.id', 'is', null)
    .orderBy('payments.settledAt')
    .orderBy('payments.id')
    .execute();
}
