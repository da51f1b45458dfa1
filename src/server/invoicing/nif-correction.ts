import { ISSUED_AT_PROVIDER } from '../../shared/invoicing.js';
import { nifProblem, normalizeNif } from '../../shared/nif.js';
import { updateBooking } from '../stay-record/bookings-data.js';
import { isoNow } from '../stay-record/context.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import type { InvoicingContext } from './context.js';
import { documentsOfBooking, recordDocument, retryRejected } from './invoice-documents-data.js';

// "Correct the tax number" after an invoice was issued (docs/invoicing.md): an issued document
// cannot change, so each issued invoice-receipt of the stay gets a credit note that cancels it and
// a new invoice-receipt with the new number, both recorded here as rows of invoice_documents and
// issued by the invoicing job, the credit note first. Their keys are made from the corrected
// document's id, so a repeated request, or two servers taking it at once, make each only once
// (the unique key), and the job's lease and row leases issue each only once
// (docs/decisions/0039-invoicing-provider-and-exactly-once.md).

export interface TaxNumber {
  nif: string | null;
  country: string;
}

/** The tax number a document of the booking carries when it is issued now. */
export const taxNumberOf = (booking: BookingRow): TaxNumber => ({
  nif: booking.nif && booking.nifCountry ? booking.nif : null,
  country: booking.nifCountry ?? booking.country,
});

const sameNumber = (a: TaxNumber, b: TaxNumber) => a.nif === b.nif && (a.nif === null || a.country === b.country);

export async function correctNif(ctx: InvoicingContext, booking: BookingRow, nif: string, country: string) {
  const problem = nifProblem(nif, country);
  if (problem) throw new HttpError(400, `NIF ${problem}`, 'nif');
  const invoicer = ctx.invoicer;
  if (!invoicer)
    throw new HttpError(
      409,
      'No invoicing program is set: issue the credit note and the new invoice by hand, in the Portal das Finanças',
      undefined,
      'conflict',
    );
  const wanted: TaxNumber = { nif: normalizeNif(nif, country), country };
  const at = isoNow(ctx.bookings);
  const corrected = await ctx.bookings.db.transaction().execute(async (trx) => {
    const docs = await documentsOfBooking(trx, booking.id);
    if (docs.some((d) => d.status === 'draft' || (d.status === 'pending' && d.createSentAt)))
      throw new HttpError(
        409,
        'A document of this stay is being issued now; try again in a few minutes',
        undefined,
        'conflict',
      );
    if (docs.some((d) => d.kind === 'credit_note' && !d.correctsDocumentId))
      throw new HttpError(
        409,
        'A refund of this stay was already credited: correct its documents in the invoicing program',
        undefined,
        'conflict',
      );
    const replaced = new Set(docs.map((d) => d.correctsDocumentId));
    const issued = docs.filter(
      (d) => d.kind === 'invoice_receipt' && ISSUED_AT_PROVIDER.includes(d.status) && !replaced.has(d.id),
    );
    const inProgress = docs.some((d) => d.correctsDocumentId && !ISSUED_AT_PROVIDER.includes(d.status));
    if (issued.length === 0 && !inProgress)
      throw new HttpError(
        409,
        'No invoice of this stay was issued: change the tax number itself',
        undefined,
        'conflict',
      );
    const before = taxNumberOf(booking);
    let count = 0;
    for (const doc of issued) {
      const carried = doc.taxNumber ? (JSON.parse(doc.taxNumber) as TaxNumber) : before;
      if (sameNumber(carried, wanted)) continue;
      const common = {
        forPaymentId: doc.forPaymentId,
        bookingId: booking.id,
        provider: invoicer.name,
        amountCents: doc.amountCents,
        lines: doc.lines,
        observations: '',
        correctsDocumentId: doc.id,
      };
      // The credit note is the old invoice's: it carries the number that invoice was issued with.
      // Both keys are the corrected document's: when two requests race, one writes them, once.
      const credited = await recordDocument(
        trx,
        { ...common, paymentId: `${doc.id}-credit`, kind: 'credit_note', taxNumber: JSON.stringify(carried) },
        at,
      );
      await recordDocument(trx, { ...common, paymentId: `${doc.id}-reissue`, kind: 'invoice_receipt' }, at);
      if (credited) count++;
    }
    if (count === 0 && !inProgress && sameNumber(before, wanted))
      throw new HttpError(409, 'The invoices already carry this tax number', 'nif', 'conflict');
    await updateBooking(trx, booking.id, { nif: wanted.nif, nifCountry: country }, at);
    await retryRejected(trx, booking.id, at);
    return count;
  });
  return { nif: wanted.nif as string, country, corrected };
}
