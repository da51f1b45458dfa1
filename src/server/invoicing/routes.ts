import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookingParamsSchema, BookingTokenQuerySchema } from '../../shared/bookings.js';
import { GuestDocumentsSchema, ISSUED_AT_PROVIDER, NifInputSchema, NifSchema } from '../../shared/invoicing.js';
import { z } from '../../shared/zod.js';
import { isoNow } from '../stay-record/context.js';
import { bookingForLink } from '../stay-record/guest-link.js';
import { errorResponses, SUBMISSION_ERRORS } from '../lib/error-responses.js';
import { RowIdSchema } from '../lib/ids.js';
import { documentsOfBooking } from './invoice-documents-data.js';
import { documentPdf, pdfPath } from './pdf.js';
import { changeNif } from './nif-change.js';

/** The guest's tax number and documents, through their link (`?t=`). */
export const invoicingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const guestOnly = { 'cache-control': 'no-store' };

  app.put(
    '/api/bookings/:code/nif',
    {
      schema: {
        params: BookingParamsSchema,
        querystring: BookingTokenQuerySchema,
        body: NifInputSchema,
        response: { 200: NifSchema, ...SUBMISSION_ERRORS, ...errorResponses(404, 409, 410) },
      },
    },
    async (request, reply) => {
      const booking = await bookingForLink(app.bookings, request.params.code, request.query.t);
      const saved = await changeNif(app.db, booking, request.body.nif, request.body.country, isoNow(app.bookings));
      return reply.headers(guestOnly).send(saved);
    },
  );

  app.get(
    '/api/bookings/:code/documents',
    {
      schema: {
        params: BookingParamsSchema,
        querystring: BookingTokenQuerySchema,
        response: { 200: GuestDocumentsSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request, reply) => {
      const booking = await bookingForLink(app.bookings, request.params.code, request.query.t);
      // Only this booking's documents, and only those issued: a draft or a refused one has no PDF.
      const issued = (await documentsOfBooking(app.db, booking.id)).filter(
        (d) => d.providerId && ISSUED_AT_PROVIDER.includes(d.status),
      );
      const items = issued.map((d) => ({
        kind: d.kind,
        paymentId: d.forPaymentId,
        number: d.number,
        pdfUrl: pdfPath(booking.code, d.paymentId, request.query.t),
      }));
      return reply.headers(guestOnly).send({ items });
    },
  );

  app.get(
    '/api/bookings/:code/documents/:paymentId/pdf',
    {
      schema: {
        params: BookingParamsSchema.extend({ paymentId: RowIdSchema }),
        querystring: BookingTokenQuerySchema,
        response: { 302: z.void(), ...errorResponses(400, 404, 409, 410, 502) },
      },
    },
    async (request, reply) => {
      const booking = await bookingForLink(app.bookings, request.params.code, request.query.t);
      const url = await documentPdf(app.db, app.invoicer, booking, request.params.paymentId);
      return reply.headers(guestOnly).redirect(url, 302);
    },
  );
};
