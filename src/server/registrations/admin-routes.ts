import { englishCount } from '../../shared/english-count.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminPageQuerySchema } from '../../shared/admin-pages.js';
import {
  GuestRegistrationInputSchema,
  MovementBodySchema,
  MovementQuerySchema,
  RegistrationListSchema,
  RegistrationParamsSchema,
  SavedGuestSchema,
  SendResultSchema,
} from '../../shared/guest-registrations.js';
import { BookingCodeSchema } from '../../shared/bookings.js';
import { z } from '../../shared/zod.js';
import { findBookingByCode } from '../stay-record/bookings-data.js';
import { afterCursor } from '../lib/cursor.js';
import { ADMIN_ERRORS, errorResponses } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { bulletinFile, markSentByOwner, sendBulletin } from './bulletins.js';
import { isoNowOf, registrationContext } from './context.js';
import { isComplete, saveGuest } from './guest-records.js';
import { registrationsOf } from './guest-registrations-data.js';
import { registrationList } from './registration-list.js';
import { freshProofRequired } from '../auth/guards.js';
import { auditRequest } from '../audit/owner-audit-data.js';

const OwnerGuestParamsSchema = z.object({
  bookingCode: BookingCodeSchema,
  index: z.coerce.number({ error: 'index must be a guest number' }).int().min(1).max(99),
});

/** The owner's Guest registrations (inside the admin scope: session and same-origin already checked). */
export const adminRegistrationRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const ctx = registrationContext(app);

  async function load(code: string) {
    const booking = await findBookingByCode(app.db, code);
    if (!booking) throw new HttpError(404, 'No such booking');
    return booking;
  }

  app.get(
    '/api/admin/registrations',
    {
      schema: {
        querystring: AdminPageQuerySchema.pick({ cursor: true }),
        response: { 200: RegistrationListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => registrationList(ctx, afterCursor(request.query.cursor)),
  );

  app.get(
    '/api/admin/registrations/:bookingCode/siba.xml',
    {
      // The file holds the guests' document numbers (decision 0036).
      preHandler: freshProofRequired,
      schema: {
        params: RegistrationParamsSchema,
        querystring: MovementQuerySchema,
        response: { 200: z.string(), ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const booking = await load(request.params.bookingCode);
      const { xml } = await bulletinFile(ctx, booking, request.query.movement);
      await auditRequest(request, { action: 'siba_file', detail: `${booking.code}: ${request.query.movement}` });
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="siba-${booking.code}-${request.query.movement}.xml"`)
        .send(xml);
    },
  );

  app.post(
    '/api/admin/registrations/:bookingCode/mark-sent',
    {
      schema: {
        params: RegistrationParamsSchema,
        body: MovementBodySchema,
        response: { 200: SendResultSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => markSentByOwner(ctx, await load(request.params.bookingCode), request.body.movement),
  );

  app.post(
    '/api/admin/registrations/:bookingCode/send',
    {
      schema: {
        params: RegistrationParamsSchema,
        body: MovementBodySchema,
        response: { 200: SendResultSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => sendBulletin(ctx, await load(request.params.bookingCode), request.body.movement, true),
  );

  // The owner types or corrects a guest's data at the door.
  app.put(
    '/api/admin/registrations/:bookingCode/guests/:index',
    {
      schema: {
        params: OwnerGuestParamsSchema,
        body: GuestRegistrationInputSchema,
        response: { 200: SavedGuestSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const booking = await load(request.params.bookingCode);
      if (!ctx.cipher)
        throw new HttpError(409, 'Online check-in is not on for this site', undefined, 'check_in_not_open');
      const { index } = request.params;
      if (index > booking.guests)
        throw new HttpError(400, `This booking has ${englishCount(booking.guests, 'guest')}`, 'index');
      await saveGuest(app.db, ctx.cipher, booking.id, index, request.body, isoNowOf(ctx));
      const row = (await registrationsOf(app.db, booking.id)).find((r) => r.guestIndex === index);
      return { index, complete: row ? isComplete(row) : false };
    },
  );
};
