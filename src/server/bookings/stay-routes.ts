import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FeedEventParamsSchema,
  FeedReservationListSchema,
  NotAStayInputSchema,
  NotAStayListSchema,
  NotAStaySchema,
  GuestLinkSchema,
  InquiryDeclinedSchema,
  OfferCreatedSchema,
  OfferInputSchema,
  StayCreatedSchema,
  stayInputSchema,
  StayListQuerySchema,
  StayListSchema,
  type StayItem,
} from '../../shared/stays.js';
import { listedUids } from '../calendar/feed-events-data.js';
import type { BookingRow } from '../db/schema.js';
import { afterCursor, keysetPage } from '../lib/cursor.js';
import { ADMIN_ERRORS, errorResponses } from '../lib/error-responses.js';
import { IdParamsSchema } from '../lib/ids.js';
import { declineInquiry } from '../inquiries/decline-inquiry.js';
import { createOffer } from './create-offer.js';
import { liveSchema } from '../lib/live-schema.js';
import { findBookingByCode, listStays } from '../stay-record/bookings-data.js';
import { BookingParamsSchema } from '../../shared/bookings.js';
import { HttpError } from '../lib/http-error.js';
import { auditRequest } from '../audit/owner-audit-data.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { today } from '../stay-record/context.js';
import { createStay } from './create-stay.js';
import { feedMissing } from './feed-missing.js';
import { feedReservations } from '../calendar/feed-reservations.js';
import { markNotAStay, notAStayItem } from './not-a-stay.js';
import { listDismissals } from '../calendar/feed-dismissals-data.js';

/** Registered inside the admin scope: every stay, whatever its channel (docs/stays.md). */
export const adminStayRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const ctx = app.bookings;
  const StayInputSchema = liveSchema(
    () => app.property,
    (property) => stayInputSchema(property.locales),
  );

  app.post(
    '/api/admin/stays',
    {
      schema: {
        body: StayInputSchema,
        response: { 201: StayCreatedSchema, ...ADMIN_ERRORS, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await createStay(ctx, request.body);
      app.publicAvailability.clear();
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/admin/stays',
    { schema: { querystring: StayListQuerySchema, response: { 200: StayListSchema, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      const { limit, cursor, ...filter } = request.query;
      const page = keysetPage(await listStays(app.db, filter, limit, afterCursor(cursor)), limit, (row) => row.checkIn);
      reply.header('cache-control', 'no-store');
      return { items: await stayItems(page.items), nextCursor: page.nextCursor };
    },
  );

  /** Each stay as the list shows it; a platform stay whose event left its feed is flagged. */
  async function stayItems(rows: readonly BookingRow[]): Promise<StayItem[]> {
    const listed = await listedUids(
      app.db,
      rows.flatMap((r) => (r.feedEventUid ? [r.feedEventUid] : [])),
    );
    const day = today(ctx);
    return rows.map((row) => ({
      code: row.code,
      channel: row.channel,
      status: row.status,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      adults: row.guests - childrenOf(row).length,
      children: childrenOf(row).map((age) => ({ age })),
      name: row.name,
      platformReference: row.platformReference,
      feedMissing: feedMissing(row, listed, day),
    }));
  }

  // The link the owner pastes into a platform's messages when the platform hides the guest's
  // e-mail: a guest link of its own (revocable with the others), never mailed.
  app.post(
    '/api/admin/stays/:code/guest-link',
    {
      schema: {
        params: BookingParamsSchema,
        response: { 201: GuestLinkSchema, ...ADMIN_ERRORS, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const booking = await findBookingByCode(app.db, request.params.code);
      if (!booking) throw new HttpError(404, 'No such booking');
      const url = await ctx.db.transaction().execute((trx) => newGuestLink(trx, ctx, booking));
      await auditRequest(request, { action: 'guest_link_created', detail: booking.code });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ url });
    },
  );

  app.post(
    '/api/admin/inquiries/:id/offer',
    {
      schema: {
        params: IdParamsSchema,
        body: OfferInputSchema,
        response: { 201: OfferCreatedSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409, 503) },
      },
    },
    async (request, reply) => {
      const offer = await createOffer(ctx, request.params.id, request.body);
      app.publicAvailability.clear();
      return reply.code(201).send(offer);
    },
  );

  app.post(
    '/api/admin/inquiries/:id/decline',
    {
      schema: {
        params: IdParamsSchema,
        response: { 200: InquiryDeclinedSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => declineInquiry(ctx, request.params.id),
  );

  app.get(
    '/api/admin/feed-reservations',
    { schema: { response: { 200: FeedReservationListSchema, ...ADMIN_ERRORS } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await feedReservations(app.db, today(ctx)) };
    },
  );

  app.post(
    '/api/admin/feed-reservations/:uid/not-a-stay',
    {
      schema: {
        params: FeedEventParamsSchema,
        body: NotAStayInputSchema,
        response: { 201: NotAStaySchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await markNotAStay(ctx, request.params.uid, request.body.note)),
  );

  app.get(
    '/api/admin/feed-reservations/not-stays',
    { schema: { response: { 200: NotAStayListSchema, ...ADMIN_ERRORS } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: (await listDismissals(app.db)).map(notAStayItem) };
    },
  );
};

/** The children's ages as stored (a JSON array of integers). */
export function childrenOf(row: Pick<BookingRow, 'childrenAges'>): number[] {
  const ages: unknown = JSON.parse(row.childrenAges);
  return Array.isArray(ages) ? ages.filter((a): a is number => Number.isInteger(a)) : [];
}
