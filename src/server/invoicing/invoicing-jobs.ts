import { type InvoiceDocumentStatus, type InvoiceLine, ISSUED_AT_PROVIDER } from '../../shared/invoicing.js';
import type { JobRun } from '../jobs/lease.js';
import { formatAmount } from '../../shared/quote-text.js';
import { houseToday } from '../../shared/dates.js';
import { queueOwnerMail } from '../stay-record/booking-mails.js';
import { findBooking } from '../stay-record/bookings-data.js';
import { isoNow } from '../stay-record/context.js';
import type { BookingRow, PaymentRow } from '../db/schema.js';
import { findPayment, paymentsOf } from '../payments/payments-data.js';
import type { InvoicingContext } from './context.js';
import { creditLines, type InvoicingSettings, paymentLines } from './document-lines.js';
import { type TaxNumber, taxNumberOf } from './nif-correction.js';
import {
  claimDocument,
  currentInvoiceOf,
  findDocumentById,
  documentsOfBooking,
  ensureDocument,
  findDocument,
  type InvoiceDocumentRow,
  moveDocument,
  openDocumentIds,
  holdDocument,
  paymentsWithoutDocument,
  updateDocument,
} from './invoice-documents-data.js';
import { type DocumentRequest, InvoicerRejected } from './invoicer.js';

// One run of the invoicing job, on one server under the `invoicing` lease (invoicing-schedule.ts):
// each settled payment gets its row, written before any call (the intention), then its document
// is created, finalised and mailed, step by step, each step's outcome saved before the next. Every
// create is preceded by a look-up by its reference, so a document made by a lost answer, another
// server's overlapping run or the days before a restored backup is adopted, never made twice; 5xx
// answers and timeouts are tried again with backoff; a refusal (422) goes to the owner with the
// provider's message and waits for them (docs/decisions/0039-invoicing-provider-and-exactly-once.md).
// The job works only from the row its claim answered, every write conditional on that claim's
// hold, and stops a document's run at the first write that does not happen; between documents it
// renews the job's lease and stops when another server took it (docs/decisions/0058).

const MINUTE = 60_000;
/** How long one server holds a document for one attempt: far longer than its few calls. */
const ROW_LEASE_MS = 5 * MINUTE;
const backoffMs = (attempts: number) => Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, attempts - 1));

export interface InvoicingCounts {
  recorded: number;
  issued: number;
  retrying: number;
  rejected: number;
}

const ISSUED: readonly InvoiceDocumentStatus[] = [...ISSUED_AT_PROVIDER, 'manual'];

export const invoicingSettingsOf = (ctx: InvoicingContext): InvoicingSettings | undefined =>
  ctx.bookings.property.legal?.invoicing;

const money = (cents: number) => formatAmount(cents, 'EUR', 'pt-PT');

function prefixOf(payment: PaymentRow) {
  if (payment.kind === 'deposit') return 'Adiantamento: ';
  if (payment.kind === 'balance') return 'Restante: ';
  return '';
}

/**
 * The lines a settled payment's document carries; undefined while a refund's invoice is not
 * recorded yet, or when the owner invoiced it by hand: that refund's credit note is theirs to issue
 * by hand too ("To invoice"), never one the provider would wait for (decision 0059).
 */
export async function linesOfPayment(
  ctx: InvoicingContext,
  payment: PaymentRow,
  booking: BookingRow,
  settings: InvoicingSettings,
): Promise<{ lines: InvoiceLine[]; corrects?: InvoiceDocumentRow } | undefined> {
  if (payment.kind !== 'refund') {
    const quote = JSON.parse(booking.quote) as { lines: Parameters<typeof paymentLines>[0] };
    return { lines: paymentLines(quote.lines, payment.amountCents, settings, prefixOf(payment)) };
  }
  const corrects = await invoiceOfRefund(ctx, payment);
  if (!corrects || corrects.provider === 'manual') return undefined;
  const lines = creditLines(JSON.parse(corrects.lines) as InvoiceLine[], payment.amountCents, payment.refundTaxCents);
  return { lines, corrects };
}

/** The invoice a refund corrects: the refunded payment's as it stands now, else the booking's latest. */
async function invoiceOfRefund(ctx: InvoicingContext, refund: PaymentRow): Promise<InvoiceDocumentRow | undefined> {
  if (refund.refundOf) return currentInvoiceOf(ctx.bookings.db, refund.refundOf);
  const docs = await documentsOfBooking(ctx.bookings.db, refund.bookingId);
  return docs.filter((d) => d.kind === 'invoice_receipt').at(-1);
}

const baseObservations = (booking: BookingRow) =>
  `Estadia ${booking.code}, de ${booking.checkIn} a ${booking.checkOut}.`;

/** Writes the row of each settled payment that has none: the intention, before any call. */
async function recordDocuments(ctx: InvoicingContext, settings: InvoicingSettings, counts: InvoicingCounts) {
  const invoicer = ctx.invoicer;
  if (!invoicer) return;
  for (const payment of await paymentsWithoutDocument(ctx.bookings.db)) {
    const booking = await findBooking(ctx.bookings.db, payment.bookingId);
    if (!booking) continue;
    const found = await linesOfPayment(ctx, payment, booking, settings);
    if (!found) continue;
    await ensureDocument(
      ctx.bookings.db,
      {
        paymentId: payment.id,
        bookingId: booking.id,
        kind: payment.kind === 'refund' ? 'credit_note' : 'invoice_receipt',
        provider: invoicer.name,
        amountCents: payment.amountCents,
        lines: JSON.stringify(found.lines),
        observations: baseObservations(booking),
      },
      isoNow(ctx.bookings),
    );
    counts.recorded++;
  }
}

export async function runInvoicingJobs(
  ctx: InvoicingContext,
  log: { warn: (o: object, m: string) => void },
  job?: JobRun,
): Promise<InvoicingCounts> {
  const counts: InvoicingCounts = { recorded: 0, issued: 0, retrying: 0, rejected: 0 };
  const settings = invoicingSettingsOf(ctx);
  if (!ctx.invoicer) return counts;
  if (!settings) {
    log.warn({}, 'Invoicing is set up but the content has no legal.invoicing (the VAT): nothing is invoiced');
    return counts;
  }
  await recordDocuments(ctx, settings, counts);
  for (const id of await openDocumentIds(ctx.bookings.db, isoNow(ctx.bookings))) {
    if (job && !(await job.renew())) {
      log.warn({}, 'Another server took the invoicing lease: this run stops, that one goes on');
      break;
    }
    try {
      await advance(ctx, id, counts);
    } catch (error) {
      log.warn({ err: error, documentId: id }, 'Invoicing step failed; tried again with backoff');
    }
  }
  return counts;
}

/** The booking's invoice-receipts, as they stand (not one a correction replaced), of payments settled before this document's payment. */
async function earlierInvoices(ctx: InvoicingContext, doc: InvoiceDocumentRow): Promise<InvoiceDocumentRow[]> {
  const docs = await documentsOfBooking(ctx.bookings.db, doc.bookingId);
  const order = new Map(
    (await paymentsOf(ctx.bookings.db, [doc.bookingId])).map((p) => [p.id, `${p.settledAt ?? p.createdAt} ${p.id}`]),
  );
  const replaced = new Set(docs.filter((d) => d.kind === 'invoice_receipt').map((d) => d.correctsDocumentId));
  const mine = order.get(doc.forPaymentId) ?? '';
  return docs.filter(
    (d) =>
      d.kind === 'invoice_receipt' &&
      d.id !== doc.id &&
      !replaced.has(d.id) &&
      (order.get(d.forPaymentId) ?? '') < mine,
  );
}

/** The invoice a credit note cancels: the corrected one for a tax number's correction, else its refund's. */
async function creditedInvoice(
  ctx: InvoicingContext,
  doc: InvoiceDocumentRow,
): Promise<InvoiceDocumentRow | undefined> {
  if (doc.correctsDocumentId) return findDocumentById(ctx.bookings.db, doc.correctsDocumentId);
  const payment = await findPayment(ctx.bookings.db, doc.paymentId);
  return payment && invoiceOfRefund(ctx, payment);
}

const issuedAtProvider = (doc: InvoiceDocumentRow | undefined): doc is InvoiceDocumentRow =>
  !!doc && ISSUED_AT_PROVIDER.includes(doc.status) && !!doc.providerId;

/** What must be issued before this document: a refund's invoice, and the booking's earlier invoices. */
async function waitingFor(ctx: InvoicingContext, doc: InvoiceDocumentRow): Promise<boolean> {
  if (doc.kind === 'credit_note') return !issuedAtProvider(await creditedInvoice(ctx, doc));
  // A correction's new invoice follows the credit note that cancels the old one.
  if (
    doc.correctsDocumentId &&
    !issuedAtProvider(await findDocument(ctx.bookings.db, `${doc.correctsDocumentId}-credit`))
  )
    return true;
  return (await earlierInvoices(ctx, doc)).some((d) => !ISSUED.includes(d.status));
}

async function requestOf(
  ctx: InvoicingContext,
  doc: InvoiceDocumentRow,
  booking: BookingRow,
): Promise<DocumentRequest> {
  let observations = baseObservations(booking);
  let correctsProviderId: string | undefined;
  // The number a document carries: a credit note its invoice's (a correction's was fixed when it
  // was recorded), an invoice the booking's now (a refused one is sent again with the corrected one).
  let tax =
    doc.kind === 'credit_note' && doc.taxNumber ? (JSON.parse(doc.taxNumber) as TaxNumber) : taxNumberOf(booking);
  if (doc.kind === 'invoice_receipt') {
    const earlier = (await earlierInvoices(ctx, doc)).filter((d) => d.number);
    if (earlier.length > 0)
      observations += ` Já faturado: ${earlier.map((d) => `${d.number} (${money(d.amountCents)})`).join(', ')}.`;
    if (doc.correctsDocumentId) {
      const old = await findDocumentById(ctx.bookings.db, doc.correctsDocumentId);
      observations += ` Substitui ${old?.number ?? ''} (correção do NIF do cliente).`;
    }
  } else {
    const invoice = await creditedInvoice(ctx, doc);
    correctsProviderId = invoice?.providerId ?? undefined;
    if (!doc.taxNumber && invoice?.taxNumber) tax = JSON.parse(invoice.taxNumber) as TaxNumber;
    observations += doc.correctsDocumentId
      ? ` Anula ${invoice?.number ?? ''} por correção do NIF do cliente.`
      : ` Reembolso que corrige ${invoice?.number ?? ''}.`;
  }
  const nif = tax.nif;
  return {
    kind: doc.kind,
    reference: doc.paymentId,
    date: houseToday(ctx.bookings.now()),
    client: {
      name: booking.name,
      code: nif ? `${tax.country}-${nif}` : booking.code,
      email: booking.email,
      country: tax.country,
      nif,
    },
    lines: JSON.parse(doc.lines) as InvoiceLine[],
    observations,
    ...(correctsProviderId ? { correctsProviderId } : {}),
  };
}

/** One attempt at one document, from the row its claim answered; stops at the first write that does not happen. */
async function advance(ctx: InvoicingContext, id: string, counts: InvoicingCounts): Promise<void> {
  const invoicer = ctx.invoicer;
  const db = ctx.bookings.db;
  const now = () => isoNow(ctx.bookings);
  const leaseEnd = () => inMs(ctx, ROW_LEASE_MS);
  if (!invoicer) return;
  const doc = await claimDocument(db, id, now(), leaseEnd());
  if (!doc) return;
  // The claim's hold, renewed before each call: a write under an older hold is another attempt's.
  let held = doc.leaseUntil as string;
  const hold = async () => {
    const next = leaseEnd();
    if (!(await holdDocument(db, doc.id, held, next, now()))) return false;
    held = next;
    return true;
  };
  const move = (from: InvoiceDocumentStatus, to: InvoiceDocumentStatus, changes: Parameters<typeof moveDocument>[4]) =>
    moveDocument(db, doc.id, from, to, changes, now(), held);
  const booking = await findBooking(db, doc.bookingId);
  if (!booking) return;
  let status = doc.status;
  let providerId = doc.providerId;
  try {
    if (status === 'pending') {
      if (await waitingFor(ctx, doc)) {
        await updateDocument(db, doc.id, { leaseUntil: null, nextAttemptAt: inMs(ctx, MINUTE) }, now(), held);
        return;
      }
      const request = await requestOf(ctx, doc, booking);
      // Asked before every create: made before by a lost answer, an overlapping run, or before a
      // restored backup, the provider's document is adopted rather than made again.
      if (!(await hold())) return;
      let made = await invoicer.findByReference(doc.kind, doc.paymentId);
      if (!made) {
        const taxNumber = JSON.stringify({ nif: request.client.nif, country: request.client.country });
        const changes = { createSentAt: now(), observations: request.observations, taxNumber };
        if (!(await updateDocument(db, doc.id, changes, now(), held))) return;
        made = await invoicer.create(request);
      }
      status = made.final ? 'final' : 'draft';
      providerId = made.id;
      if (!(await move('pending', status, { providerId: made.id, number: made.number, error: null }))) return;
    }
    if (status === 'draft' && providerId) {
      if (!(await hold())) return;
      // A retry of a draft: a finalise sent before may have been done though its answer was lost,
      // so its state is asked first, and a final document adopted rather than refused as finalised.
      const known = doc.status === 'draft' ? await invoicer.findByReference(doc.kind, doc.paymentId) : undefined;
      const final = known?.final ? known : await invoicer.finalize(doc.kind, providerId);
      if (!(await move('draft', 'final', { number: final.number, error: null }))) return;
      status = 'final';
      counts.issued++;
    }
    if (status === 'final' && providerId) {
      // No address, no mail step: issued, not mailed, which is no refusal.
      if (!booking.email.trim()) {
        await move('final', 'not_mailed', { leaseUntil: null, error: null });
        return;
      }
      if (!(await hold())) return;
      const words = mailWords(booking.locale, booking.code, doc.kind);
      await invoicer.email(doc.kind, providerId, booking.email, words.subject, words.body);
      await move('final', 'sent', { emailedAt: now(), leaseUntil: null, error: null });
      return;
    }
    await updateDocument(db, doc.id, { leaseUntil: null }, now(), held);
  } catch (error) {
    if (error instanceof InvoicerRejected) {
      counts.rejected++;
      return void (await reject(ctx, doc, status, booking, error.message, held));
    }
    counts.retrying++;
    await updateDocument(
      db,
      doc.id,
      { leaseUntil: null, nextAttemptAt: inMs(ctx, backoffMs(doc.attempts)), error: (error as Error).message },
      now(),
      held,
    );
  }
}

const inMs = (ctx: InvoicingContext, ms: number) => new Date(ctx.bookings.now() + ms).toISOString();

/** A refusal: the document waits for the owner, who is mailed the provider's message once per attempt. */
async function reject(
  ctx: InvoicingContext,
  doc: InvoiceDocumentRow,
  status: InvoiceDocumentRow['status'],
  booking: BookingRow,
  message: string,
  held: string,
) {
  const at = isoNow(ctx.bookings);
  await ctx.bookings.db.transaction().execute(async (trx) => {
    // Issued, only the mail to the guest was refused: kept, not tried again by itself.
    const noted =
      status === 'final'
        ? await updateDocument(
            trx,
            doc.id,
            { leaseUntil: null, error: message, nextAttemptAt: '9999-12-31T00:00:00.000Z' },
            at,
            held,
          )
        : await moveDocument(trx, doc.id, status, 'rejected', { leaseUntil: null, error: message }, at, held);
    // Another attempt holds the row now: its outcome, not this one, is the owner's to see.
    if (!noted) return;
    await queueOwnerMail(trx, ctx.bookings, booking, `invoice-rejected:${doc.paymentId}:${doc.attempts}`, {
      kind: 'invoiceRejected',
      fields: ({ texts, money }) => ({
        document: texts.document[doc.kind === 'credit_note' ? 'credit_note' : 'invoice_receipt'],
        amount: money(doc.amountCents),
        message,
      }),
    });
  });
  ctx.bookings.wakeMail();
}

/** The provider's mail to the guest, in the booking's language. */
function mailWords(locale: string, code: string, kind: InvoiceDocumentRow['kind']) {
  const pt = locale.startsWith('pt');
  const what =
    kind === 'credit_note' ? (pt ? 'Nota de crédito' : 'Credit note') : pt ? 'Fatura-recibo' : 'Invoice-receipt';
  return pt
    ? {
        subject: `${what} da estadia ${code}`,
        body: `Segue o documento fiscal do seu pagamento da estadia ${code}. Obrigado.`,
      }
    : {
        subject: `${what} for stay ${code}`,
        body: `Here is the tax document for your payment for stay ${code}. Thank you.`,
      };
}
