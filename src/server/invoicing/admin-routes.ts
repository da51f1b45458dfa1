import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminPageQuerySchema } from '../../shared/admin-pages.js';
import { BookingCodeSchema } from '../../shared/bookings.js';
import {
  ISSUED_AT_PROVIDER,
  NifCorrectionSchema,
  NifInputSchema,
  NifSchema,
  StayDocumentsSchema,
  ToInvoiceListSchema,
} from '../../shared/invoicing.js';
import { z } from '../../shared/zod.js';
import { auditRequest } from '../audit/owner-audit-data.js';
import { findBooking, findBookingByCode } from '../stay-record/bookings-data.js';
import { isoNow } from '../stay-record/context.js';
import { findPayment } from '../payments/payments-data.js';
import { afterCursor } from '../lib/cursor.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { RowIdSchema } from '../lib/ids.js';
import { invoicingContext } from './context.js';
import { toInvoiceCsv } from './csv.js';
import { documentsOfBooking, ensureDocument } from './invoice-documents-data.js';
import { changeNif } from './nif-change.js';
import { correctNif } from './nif-correction.js';
import { documentPdf, pdfPath } from './pdf.js';
import { allToInvoice, toInvoiceItem, toInvoiceList } from './to-invoice.js';

const StayParamsSchema = z.object({ code: BookingCodeSchema });
const PaymentParamsSchema = z.object({ paymentId: RowIdSchema });

/** The owner's documents of a stay, the guest's tax number, and "To invoice" (inside the admin scope). */
export const adminInvoicingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const ctx = invoicingContext(app);

  async function load(code: string) {
    const booking = await findBookingByCode(app.db, code);
    if (!booking) throw new HttpError(404, 'No such booking');
    return booking;
  }

  app.get(
    '/api/admin/stays/:code/documents',
    {
      schema: {
        params: StayParamsSchema,
        response: { 200: StayDocumentsSchema, ...ADMIN_ERRORS, ...errorResponses(404) },
      },
    },
    async (request) => {
      const booking = await load(request.params.code);
      const docs = await documentsOfBooking(app.db, booking.id);
      return {
        taxNumber: booking.nif && booking.nifCountry ? { nif: booking.nif, country: booking.nifCountry } : null,
        items: docs.map((d) => ({
          kind: d.kind,
          paymentId: d.forPaymentId,
          correction: d.kind === 'credit_note' && d.correctsDocumentId !== null,
          number: d.number,
          state: d.status,
          // The PDF by the document's own key: a payment may have several after a tax number's correction.
          pdfUrl: d.providerId && ISSUED_AT_PROVIDER.includes(d.status) ? pdfPath(booking.code, d.paymentId) : null,
          error: d.error,
        })),
      };
    },
  );

  app.get(
    '/api/admin/stays/:code/documents/:paymentId/pdf',
    {
      schema: {
        params: StayParamsSchema.extend({ paymentId: RowIdSchema }),
        response: { 302: z.void(), ...ADMIN_ERRORS, ...errorResponses(404, 409, 502) },
      },
    },
    async (request, reply) => {
      const booking = await load(request.params.code);
      return reply.redirect(await documentPdf(app.db, app.invoicer, booking, request.params.paymentId), 302);
    },
  );

  app.put(
    '/api/admin/bookings/:code/nif',
    {
      schema: {
        params: StayParamsSchema,
        body: NifInputSchema,
        response: { 200: NifSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const booking = await load(request.params.code);
      const nif = await changeNif(app.db, booking, request.body.nif, request.body.country, isoNow(app.bookings));
      // The code, never the number (docs/decisions/0063-the-iban-and-the-last-doors.md).
      await auditRequest(request, { action: 'tax_number_corrected', detail: booking.code });
      return nif;
    },
  );

  app.post(
    '/api/admin/bookings/:code/nif-correction',
    {
      schema: {
        params: StayParamsSchema,
        body: NifInputSchema,
        response: { 200: NifCorrectionSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const booking = await load(request.params.code);
      const corrected = await correctNif(ctx, booking, request.body.nif, request.body.country);
      await auditRequest(request, { action: 'tax_number_corrected', detail: booking.code });
      return corrected;
    },
  );

  app.get(
    '/api/admin/to-invoice',
    {
      schema: {
        querystring: AdminPageQuerySchema.pick({ cursor: true }),
        response: { 200: ToInvoiceListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => toInvoiceList(ctx, afterCursor(request.query.cursor)),
  );

  app.get(
    '/api/admin/to-invoice.csv',
    { schema: { response: { 200: z.string(), ...ADMIN_ERRORS } } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="to-invoice.csv"')
        .send(toInvoiceCsv(await allToInvoice(ctx))),
  );

  app.post(
    '/api/admin/to-invoice/:paymentId/done',
    {
      schema: {
        params: PaymentParamsSchema,
        response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const payment = await findPayment(app.db, request.params.paymentId);
      if (!payment || payment.status !== 'succeeded') throw new HttpError(404, 'No such settled payment');
      const booking = await findBooking(app.db, payment.bookingId);
      if (!booking) throw new HttpError(404, 'No such settled payment');
      const item = await toInvoiceItem(ctx, payment, booking);
      const doc = await ensureDocument(
        app.db,
        {
          paymentId: payment.id,
          bookingId: payment.bookingId,
          kind: payment.kind === 'refund' ? 'credit_note' : 'invoice_receipt',
          provider: 'manual',
          status: 'manual',
          doneBy: 'owner',
          amountCents: payment.amountCents,
          lines: JSON.stringify(item.lines),
          observations: '',
        },
        isoNow(app.bookings),
      );
      // The provider's document is on its way or issued: ticking it would hide it from the owner.
      if (doc.provider !== 'manual') throw new HttpError(409, 'This payment is invoiced through the invoicing program');
      return reply.code(204).send();
    },
  );
};
