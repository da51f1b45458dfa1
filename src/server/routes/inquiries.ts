import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { earliestToday } from '../../shared/dates.js';
import { INQUIRY_ACCEPTED, type InquiryAnswer, inquiryInputSchema } from '../../shared/inquiries.js';
import { describeError } from '../lib/error-handler.js';
import { parseOr400 } from '../lib/http-error.js';
import { submissionRateLimit } from '../lib/rate-limits.js';

export const inquiryRoutes: FastifyPluginAsync = async (app) => {
  // This route answers in the shape the contact form reads: { success, message, field? }.
  app.setErrorHandler((error: FastifyError & { field?: string }, request, reply) => {
    const { status, message, field } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'inquiry failed');
    const body: InquiryAnswer = { success: false, message, ...(field ? { field } : {}) };
    return reply.code(status).send(body);
  });

  app.post(
    '/api/inquiries',
    { bodyLimit: 16 * 1024, config: { rateLimit: submissionRateLimit(app.config) } },
    async (request, reply) => {
      const input = parseOr400(inquiryInputSchema(earliestToday(), app.property.capacity), request.body);
      const accepted: InquiryAnswer = { success: true, message: INQUIRY_ACCEPTED };
      if (input.website) return reply.code(202).send(accepted);
      const id = randomUUID();
      const now = new Date().toISOString();
      await app.db
        .insertInto('inquiries')
        .values({
          id,
          name: input.name,
          email: input.email,
          guests: input.guests ?? null,
          message: input.message,
          check_in: input.checkIn ?? null,
          check_out: input.checkOut ?? null,
          created_at: now,
          message_id: `<inquiry-${id}@${new URL(app.config.siteUrl).hostname}>`,
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
        })
        .execute();
      // Committed: from here the inquiry survives a crash, so it is safe to say yes.
      app.deliveries.notify();
      return reply.code(202).send(accepted);
    },
  );
};
