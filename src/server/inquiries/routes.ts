import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { earliestToday } from '../../shared/dates.js';
import { INQUIRY_ACCEPTED, InquiryAcceptedSchema, inquiryInputSchema } from '../../shared/inquiries.js';
import { isStayFree, stayRange } from '../calendar/availability.js';
import { errorResponses, SUBMISSION_ERRORS } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { liveSchema } from '../lib/live-schema.js';
import { submissionRateLimit } from '../rate-limits/submission-limit.js';
import { insertInquiry } from './inquiries-data.js';

export const inquiryRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // The guest limit is the house's capacity (the published content's); the first day is asked at each request.
  const InquiryInputSchema = liveSchema(
    () => app.property,
    (property) => inquiryInputSchema(() => earliestToday(), property.capacity, property.locales),
  );

  app.post(
    '/api/inquiries',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: submissionRateLimit(app.config) },
      schema: {
        body: InquiryInputSchema,
        response: { 202: InquiryAcceptedSchema, ...SUBMISSION_ERRORS, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const accepted = { success: true as const, message: INQUIRY_ACCEPTED };
      if (input.website) return reply.code(202).send(accepted);
      if (input.checkIn && !(await isStayFree(app.db, stayRange(input.checkIn, input.checkOut)))) {
        throw new HttpError(409, 'Some of these nights are already booked', undefined, 'dates_unavailable');
      }
      const id = randomUUID();
      // What the form showed the guest, recomputed here and kept as it is, whatever prices come later.
      const { checkIn, checkOut, guests, adults, childrenAges, locale } = input;
      const party = adults === undefined ? {} : { adults, childrenAges: childrenAges ?? [] };
      const quote =
        checkIn && checkOut && guests ? app.quoter.quote({ checkIn, checkOut, guests, ...party, locale }) : undefined;
      await insertInquiry(app.db, {
        id,
        name: input.name,
        email: input.email,
        guests: input.guests ?? null,
        adults: adults ?? null,
        childrenAges: adults === undefined ? null : JSON.stringify(childrenAges ?? []),
        message: input.message,
        checkIn: input.checkIn ?? null,
        checkOut: input.checkOut ?? null,
        locale: input.locale,
        quote: quote ? JSON.stringify(quote) : null,
        createdAt: new Date().toISOString(),
        messageId: `<inquiry-${id}@${new URL(app.config.siteUrl).hostname}>`,
      });
      // Committed: from here the inquiry survives a crash, so it is safe to say yes.
      app.deliveries.notify();
      return reply.code(202).send(accepted);
    },
  );
};
