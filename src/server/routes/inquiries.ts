import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { earliestToday } from '../../shared/dates.js';
import { INQUIRY_ACCEPTED, type InquiryAccepted, inquiryInputSchema } from '../../shared/inquiries.js';
import { parseOr400 } from '../lib/http-error.js';
import { submissionRateLimit } from '../lib/rate-limits.js';

export const inquiryRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/inquiries',
    { bodyLimit: 16 * 1024, config: { rateLimit: submissionRateLimit(app.config) } },
    async (request, reply) => {
      const input = parseOr400(inquiryInputSchema(earliestToday(), app.property.capacity), request.body);
      const accepted: InquiryAccepted = { success: true, message: INQUIRY_ACCEPTED };
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
