import { englishCount } from '../../shared/english-count.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookingTokenQuerySchema, BookingParamsSchema } from '../../shared/bookings.js';
import {
  GuestParamsSchema,
  GuestRegistrationInputSchema,
  GuestsSchema,
  SavedGuestSchema,
} from '../../shared/guest-registrations.js';
import { bookingForLink } from '../stay-record/guest-link.js';
import { isoNow, today } from '../stay-record/context.js';
import { errorResponses, SUBMISSION_ERRORS } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { assertCheckInOpen, guestsView } from './check-in.js';
import { DATA_KEY_MISSING } from '../lib/check-in-key.js';
import { saveGuest } from './guest-records.js';
import { registrationsOf } from './guest-registrations-data.js';
import { isComplete } from './guest-records.js';

/** Online check-in through the guest's link (docs/decisions/0027-guest-registrations-and-siba.md). */
export const registrationRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const guestOnly = { 'cache-control': 'no-store' };

  app.get(
    '/api/bookings/:code/guests',
    {
      schema: {
        params: BookingParamsSchema,
        querystring: BookingTokenQuerySchema,
        response: { 200: GuestsSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request, reply) => {
      const booking = await bookingForLink(app.bookings, request.params.code, request.query.t);
      return reply.headers(guestOnly).send(await guestsView(app.db, booking));
    },
  );

  app.put(
    '/api/bookings/:code/guests/:index',
    {
      schema: {
        params: GuestParamsSchema,
        querystring: BookingTokenQuerySchema,
        body: GuestRegistrationInputSchema,
        response: { 200: SavedGuestSchema, ...SUBMISSION_ERRORS, ...errorResponses(404, 409, 410) },
      },
    },
    async (request, reply) => {
      const booking = await bookingForLink(app.bookings, request.params.code, request.query.t);
      const cipher = app.dataCipher;
      // Without the key check-in is off (settings/data-key.ts): nothing is stored in clear.
      if (!cipher) {
        request.log.error(DATA_KEY_MISSING);
        throw new HttpError(409, 'Online check-in is not on for this site', undefined, 'check_in_not_open');
      }
      assertCheckInOpen(booking, today(app.bookings));
      const { index } = request.params;
      if (index > booking.guests)
        throw new HttpError(400, `This booking has ${englishCount(booking.guests, 'guest')}`, 'index');
      await saveGuest(app.db, cipher, booking.id, index, request.body, isoNow(app.bookings));
      const row = (await registrationsOf(app.db, booking.id)).find((r) => r.guestIndex === index);
      return reply.headers(guestOnly).send({ index, complete: row ? isComplete(row) : false });
    },
  );
};
