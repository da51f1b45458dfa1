import type { InvoiceLine, ToInvoiceItem } from '../../shared/invoicing.js';
import type { QuoteLine } from '../../shared/quote-schema.js';
import { findBooking } from '../stay-record/bookings-data.js';
import type { BookingRow, PaymentRow } from '../db/schema.js';
import { type Cursor, keysetPage } from '../lib/cursor.js';
import { findPayment } from '../payments/payments-data.js';
import type { InvoicingContext } from './context.js';
import { creditLines, type InvoicingSettings, paymentLines } from './document-lines.js';
import { currentInvoiceOf } from './invoice-documents-data.js';

// "To invoice": without a provider, each settled payment and refund the owner still has to issue
// by hand in the Portal das Finanças, with what it asks (date, amount, the guest's name, country
// and tax number, the lines with their VAT), until the owner ticks it done. Oldest first. With a
// provider, the refund of a payment the owner invoiced by hand is listed too: its credit note is
// theirs to issue by hand (decision 0059).

const PAGE = 50;
/** Lines without legal.invoicing: the amounts, the VAT left for the owner to choose. */
const NO_VAT = { nightsVatPercent: 0, touristTaxCode: 'M99', exemptionCode: '' };

async function undone(ctx: InvoicingContext, after: Cursor | undefined, limit: number) {
  let query = ctx.bookings.db
    .selectFrom('payments')
    .leftJoin('invoiceDocuments', 'invoiceDocuments.paymentId', 'payments.id')
    .selectAll('payments')
    .where('payments.status', '=', 'succeeded')
    .where('invoiceDocuments.id', 'is', null);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('payments.settledAt', '>', after.createdAt),
        eb.and([eb('payments.settledAt', '=', after.createdAt), eb('payments.id', '>', after.id)]),
      ]),
    );
  return query.orderBy('payments.settledAt').orderBy('payments.id').limit(limit).execute();
}

/**
 * What the refund's credit note credits: the lines of the invoice it corrects (the one ticked by
 * hand, else the refunded payment's as it would be invoiced), by the refund's make-up (decision 0059).
 */
async function refundLines(ctx: InvoicingContext, refund: PaymentRow, quoteLines: QuoteLine[], vat: InvoicingSettings) {
  const db = ctx.bookings.db;
  const invoice = refund.refundOf ? await currentInvoiceOf(db, refund.refundOf) : undefined;
  const charge = refund.refundOf ? await findPayment(db, refund.refundOf) : undefined;
  const invoiced = invoice
    ? (JSON.parse(invoice.lines) as InvoiceLine[])
    : paymentLines(quoteLines, charge?.amountCents ?? quoteTotal(quoteLines), vat, '');
  return {
    lines: creditLines(invoiced, refund.amountCents, refund.refundTaxCents),
    creditsHandInvoice: invoice?.provider === 'manual',
  };
}

const quoteTotal = (lines: readonly QuoteLine[]) => lines.reduce((sum, l) => sum + Math.max(0, l.amount), 0);

export async function toInvoiceItem(
  ctx: InvoicingContext,
  payment: PaymentRow,
  booking: BookingRow,
): Promise<ToInvoiceItem> {
  const settings = ctx.bookings.property.legal?.invoicing;
  const quote = JSON.parse(booking.quote) as { lines: QuoteLine[] };
  const refund =
    payment.kind === 'refund' ? await refundLines(ctx, payment, quote.lines, settings ?? NO_VAT) : undefined;
  const lines = (refund?.lines ?? paymentLines(quote.lines, payment.amountCents, settings ?? NO_VAT, '')).map((l) => ({
    ...l,
    vatPercent: settings ? l.vatPercent : null,
    exemptionCode: settings ? l.exemptionCode : null,
  }));
  return {
    paymentId: payment.id,
    kind: payment.kind === 'refund' ? 'refund' : 'payment',
    creditsHandInvoice: refund?.creditsHandInvoice ?? false,
    at: payment.settledAt ?? payment.createdAt,
    amountCents: payment.amountCents,
    guestName: booking.name,
    country: booking.nifCountry ?? booking.country,
    nif: booking.nif,
    bookingCode: booking.code,
    lines,
  };
}

export async function toInvoiceList(ctx: InvoicingContext, after: Cursor | undefined, limit = PAGE) {
  const rows = await undone(ctx, after, limit + 1);
  const page = keysetPage(rows, limit, (p) => p.settledAt ?? p.createdAt);
  const items: ToInvoiceItem[] = [];
  for (const payment of page.items) {
    const booking = await findBooking(ctx.bookings.db, payment.bookingId);
    if (booking) items.push(await toInvoiceItem(ctx, payment, booking));
  }
  return { items, nextCursor: page.nextCursor };
}

/** Every payment still to invoice, for the CSV. */
export async function allToInvoice(ctx: InvoicingContext): Promise<ToInvoiceItem[]> {
  const all: ToInvoiceItem[] = [];
  let after: Cursor | undefined;
  for (;;) {
    const rows = await undone(ctx, after, 500);
    for (const payment of rows) {
      const booking = await findBooking(ctx.bookings.db, payment.bookingId);
      if (booking) all.push(await toInvoiceItem(ctx, payment, booking));
    }
    const last = rows.at(-1);
    if (rows.length < 500 || !last) return all;
    after = { createdAt: last.settledAt ?? last.createdAt, id: last.id };
  }
}
