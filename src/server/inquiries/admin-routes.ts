import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminBlockSchema } from '../../shared/calendar.js';
import { daysBetween } from '../../shared/date-ranges.js';
import { AdminInquiryListSchema } from '../../shared/inquiries.js';
import { QUOTE_NIGHTS_MAX, STAY_TOO_LONG } from '../../shared/quote-constants.js';
import { bookedInquiryIds } from '../calendar/blocks-data.js';
import { confirmBooking } from '../calendar/bookings.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { IdParamsSchema } from '../lib/ids.js';
import { afterCursor, keysetPage } from '../lib/cursor.js';
import { AdminPageQuerySchema } from '../../shared/admin-pages.js';
import { findInquiryStay, listInquiries, markHandled, retryNow } from './inquiries-data.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminInquiryRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/inquiries',
    { schema: { querystring: AdminPageQuerySchema, response: { 200: AdminInquiryListSchema, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const page = keysetPage(await listInquiries(app.db, limit, afterCursor(cursor)), limit, (row) => row.createdAt);
      const booked = await bookedInquiryIds(
        app.db,
        page.items.map((item) => item.id),
      );
      reply.header('cache-control', 'no-store');
      return { ...page, items: page.items.map((item) => ({ ...item, confirmed: booked.has(item.id) })) };
    },
  );

  app.post(
    '/api/admin/inquiries/:id/retry',
    { schema: { params: IdParamsSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404, 409) } } },
    async (request, reply) => {
      const outcome = await retryNow(app.db, request.params.id, Date.now());
      if (outcome === 'missing') throw new HttpError(404, 'Inquiry not found');
      if (outcome === 'sent') throw new HttpError(409, 'This inquiry was already sent');
      app.deliveries.notify();
      return reply.code(204).send();
    },
  );

  // The owner answered it some way (by mail, on the phone) or needs not: it leaves "Needs action",
  // with who and when (decision 0044). Marking it again changes nothing.
  app.post(
    '/api/admin/inquiries/:id/handled',
    { schema: { params: IdParamsSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404) } } },
    async (request, reply) => {
      const outcome = await markHandled(app.db, request.params.id, 'owner', new Date(app.now()).toISOString());
      if (outcome === 'missing') throw new HttpError(404, 'Inquiry not found');
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/inquiries/:id/confirm',
    {
      schema: {
        params: IdParamsSchema,
        response: { 201: AdminBlockSchema, ...ADMIN_ERRORS, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const stay = await findInquiryStay(app.db, id);
      if (!stay) throw new HttpError(404, 'Inquiry not found');
      if (!stay.checkIn || !stay.checkOut)
        throw new HttpError(409, 'This inquiry has no check-in and check-out to book');
      // As the public form refuses it (an inquiry stored before that rule may still hold one).
      if (daysBetween(stay.checkIn, stay.checkOut) > QUOTE_NIGHTS_MAX)
        throw new HttpError(400, STAY_TOO_LONG, 'checkOut');
      if ((await bookedInquiryIds(app.db, [id])).has(id)) throw new HttpError(409, 'This inquiry is already a booking');
      const outcome = await confirmBooking(app.db, id, stay.checkIn, stay.checkOut);
      if (outcome === 'taken')
        throw new HttpError(409, 'Some of these nights are already taken', undefined, 'dates_unavailable');
      // Answered: it leaves "Needs action" (decision 0044), its first who and when kept.
      await markHandled(app.db, id, 'owner', new Date(app.now()).toISOString());
      app.publicAvailability.clear();
      return reply.code(201).send(outcome);
    },
  );
};
