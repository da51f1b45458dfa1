import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PaymentParamsSchema, RefundSentSchema } from '../../shared/refunds.js';
import { auditRequest } from '../audit/owner-audit-data.js';
import { freshProofRequired } from '../auth/guards.js';
import { findBooking } from '../stay-record/bookings-data.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { refundByTransfer } from './refund-by-transfer.js';
import { markRefundSent } from './refund-sent.js';

/** The owner's actions on one payment (inside the admin scope: session and same-origin already checked). */
export const adminPaymentRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/payments/:paymentId/refund-sent',
    {
      // Money counted as gone back: the session must have proved who it is lately, as for a refund (decision 0036).
      preHandler: freshProofRequired,
      schema: {
        params: PaymentParamsSchema,
        body: RefundSentSchema,
        response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { day } = request.body;
      const { row, recorded } = await markRefundSent(app.bookings, request.params.paymentId, day);
      if (recorded) {
        const booking = await findBooking(app.db, row.bookingId);
        await auditRequest(request, {
          action: 'refund',
          detail: `${booking?.code ?? row.bookingId}: ${row.amountCents} cents sent by transfer on ${day}`,
        });
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/payments/:paymentId/refund-by-transfer',
    {
      // Plans money going back, as a refund does: a fresh proof (decision 0036).
      preHandler: freshProofRequired,
      schema: {
        params: PaymentParamsSchema,
        response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { row, planned } = await refundByTransfer(app.bookings, request.params.paymentId);
      if (planned) {
        const booking = await findBooking(app.db, row.bookingId);
        await auditRequest(request, {
          action: 'refund',
          detail: `${booking?.code ?? row.bookingId}: ${row.amountCents} cents to refund by transfer instead of failed refund ${request.params.paymentId}`,
        });
      }
      return reply.code(204).send();
    },
  );
};
