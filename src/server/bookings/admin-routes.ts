import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminBookingListSchema,
  AdminBookingQuerySchema,
  AdminBookingSchema,
  BookingMailListSchema,
  BookingMailParamsSchema,
  BookingParamsSchema,
  ChangeDatesSchema,
  changePartySchema,
  MarkPaidSchema,
  OwnerCancelSchema,
  ReviewRequestSwitchSchema,
} from '../../shared/bookings.js';
import { NO_CONTENT } from '../lib/error-responses.js';
import { RevealedRefundAccountSchema } from '../../shared/refunds.js';
import { changeBookingMail, mailsOf } from './booking-mails-list.js';
import type { BookingRow } from '../db/schema.js';
import { afterCursor, keysetPage } from '../lib/cursor.js';
import { ADMIN_ERRORS, errorResponses } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { disputesOf } from '../payments/disputes-data.js';
import { finishedFailedRefunds, paymentsOf } from '../payments/payments-data.js';
import { bookingHistory } from '../stay-record/booking-events-data.js';
import { countBookingsByFilter, findBookingByCode, listBookings } from '../stay-record/bookings-data.js';
import { cancelBooking } from './cancel-booking.js';
import { feedMissing, keepMissingStay } from './feed-missing.js';
import { listedUids } from '../calendar/feed-events-data.js';
import { changeDates } from './change-dates.js';
import { changeParty } from './change-party.js';
import { liveSchema } from '../lib/live-schema.js';
import { today } from '../stay-record/context.js';
import { acceptRequest, declineRequest, markTransferReceived, resendLink, revokeGuestLinks } from './owner-actions.js';
import { reviewRequestStates, switchReviewRequest } from './review-request-switch.js';
import { adminView } from './views.js';
import { refundAccountsOf } from '../stay-record/refund-accounts-data.js';
import { revealRefundAccount } from './refund-account.js';
import { freshProofRequired } from '../auth/guards.js';
import { auditRequest } from '../audit/owner-audit-data.js';
import type { OwnerAction } from '../../shared/owner-audit.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminBookingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const ctx = app.bookings;

  async function views(rows: readonly BookingRow[]) {
    const ids = rows.map((r) => r.id);
    const [payments, history, reviewRequests, disputes, listed, refundAccounts, finished] = await Promise.all([
      paymentsOf(app.db, ids),
      bookingHistory(app.db, ids),
      reviewRequestStates(app.db, rows),
      disputesOf(app.db, ids),
      listedUids(
        app.db,
        rows.flatMap((r) => (r.feedEventUid ? [r.feedEventUid] : [])),
      ),
      refundAccountsOf(app.db, ids),
      finishedFailedRefunds(app.db, ids),
    ]);
    const day = today(ctx);
    return rows.map((row) =>
      adminView(
        ctx,
        row,
        payments.filter((p) => p.bookingId === row.id),
        history.filter((h) => h.bookingId === row.id).map(({ bookingId: _, ...event }) => event),
        reviewRequests.get(row.id) ?? 'on',
        disputes.filter((d) => d.bookingId === row.id),
        feedMissing(row, listed, day),
        refundAccounts.get(row.id),
        finished,
      ),
    );
  }

  async function load(code: string): Promise<BookingRow> {
    const booking = await findBookingByCode(app.db, code);
    if (!booking) throw new HttpError(404, 'No such booking');
    return booking;
  }

  app.get(
    '/api/admin/bookings',
    { schema: { querystring: AdminBookingQuerySchema, response: { 200: AdminBookingListSchema, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      const { status, limit, cursor } = request.query;
      const page = keysetPage(
        await listBookings(app.db, status, today(ctx), limit, afterCursor(cursor)),
        limit,
        (row) => row.checkIn,
      );
      reply.header('cache-control', 'no-store');
      const counts = await countBookingsByFilter(app.db, today(ctx));
      return { items: await views(page.items), nextCursor: page.nextCursor, counts };
    },
  );

  app.get(
    '/api/admin/bookings/:code',
    {
      schema: {
        params: BookingParamsSchema,
        response: { 200: AdminBookingSchema, ...ADMIN_ERRORS, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await views([await load(request.params.code)]))[0];
    },
  );

  // The guest's links made and revoked go in the audit list (docs/decisions/0063-the-iban-and-the-last-doors.md).
  const actions: Array<[string, (booking: BookingRow, body: unknown) => Promise<unknown>, OwnerAction?]> = [
    ['accept', (booking) => acceptRequest(ctx, booking)],
    ['decline', (booking) => declineRequest(ctx, booking)],
    ['resend-link', (booking) => resendLink(ctx, booking), 'guest_link_created'],
    ['revoke-links', (booking) => revokeGuestLinks(ctx, booking), 'guest_links_revoked'],
    ['keep', (booking) => keepMissingStay(ctx, booking)],
  ];
  for (const [name, act, audited] of actions) {
    app.post(
      `/api/admin/bookings/:code/${name}`,
      {
        schema: {
          params: BookingParamsSchema,
          response: { 200: AdminBookingSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
        },
      },
      async (request) => {
        const booking = await load(request.params.code);
        await act(booking, request.body);
        if (audited) await auditRequest(request, { action: audited, detail: booking.code });
        app.publicAvailability.clear();
        return (await views([await load(request.params.code)]))[0];
      },
    );
  }

  app.get(
    '/api/admin/bookings/:code/mails',
    {
      schema: {
        params: BookingParamsSchema,
        response: { 200: BookingMailListSchema, ...ADMIN_ERRORS, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await mailsOf(ctx, await load(request.params.code)) };
    },
  );

  for (const change of ['cancel', 'send-now'] as const) {
    app.post(
      `/api/admin/booking-mails/:id/${change}`,
      {
        schema: {
          params: BookingMailParamsSchema,
          response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
        },
      },
      async (request, reply) => {
        await changeBookingMail(ctx, request.params.id, change);
        return reply.code(204).send();
      },
    );
  }

  app.post(
    '/api/admin/bookings/:code/mark-paid',
    {
      schema: {
        params: BookingParamsSchema,
        body: MarkPaidSchema,
        response: { 200: AdminBookingSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      // Money the owner says arrived: noted in the audit list, once, with the payment it recorded.
      await markTransferReceived(
        ctx,
        await load(request.params.code),
        request.body.amountCents,
        request.body.idempotencyKey,
        (trx, booking) =>
          auditRequest(
            request,
            { action: 'transfer_received', detail: `${booking.code}: ${request.body.amountCents} cents` },
            trx,
          ),
      );
      return (await views([await load(request.params.code)]))[0];
    },
  );

  app.post(
    '/api/admin/bookings/:code/cancel',
    {
      // A refund: the session must have proved who it is in the last minutes (decision 0036).
      preHandler: freshProofRequired,
      schema: {
        params: BookingParamsSchema,
        body: OwnerCancelSchema,
        response: { 200: AdminBookingSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409, 502) },
      },
    },
    async (request) => {
      const booking = await load(request.params.code);
      const { refundCents } = await cancelBooking(ctx, booking, 'owner', request.body.refundCents);
      if (refundCents > 0)
        await auditRequest(request, { action: 'refund', detail: `${booking.code}: ${refundCents} cents` });
      app.publicAvailability.clear();
      return (await views([await load(request.params.code)]))[0];
    },
  );

  // The whole IBAN a guest gave for a refund by transfer, for the owner to send it: noted in the audit list.
  app.post(
    '/api/admin/bookings/:code/refund-account/reveal',
    {
      // An account number, as the guests' documents: the session must have proved who it is lately (decision 0036).
      preHandler: freshProofRequired,
      schema: {
        params: BookingParamsSchema,
        response: { 200: RevealedRefundAccountSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const booking = await load(request.params.code);
      const iban = await revealRefundAccount(ctx, booking);
      await auditRequest(request, { action: 'refund_account_view', detail: booking.code });
      return reply.headers({ 'cache-control': 'no-store' }).send({ iban });
    },
  );

  app.post(
    '/api/admin/bookings/:code/dates',
    {
      schema: {
        params: BookingParamsSchema,
        body: ChangeDatesSchema,
        response: { 200: AdminBookingSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await changeDates(ctx, await load(request.params.code), request.body);
      app.publicAvailability.clear();
      return (await views([await load(request.params.code)]))[0];
    },
  );

  // The house's capacity is the published content's, read at each request (decision 0069).
  const ChangePartySchema = liveSchema(
    () => app.property,
    (property) => changePartySchema(property.capacity),
  );
  app.post(
    '/api/admin/bookings/:code/party',
    {
      // A smaller party may refund: the session must have proved who it is lately, as for a cancel (decision 0036).
      preHandler: freshProofRequired,
      schema: {
        params: BookingParamsSchema,
        body: ChangePartySchema,
        response: { 200: AdminBookingSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const booking = await load(request.params.code);
      const refunded = await changeParty(ctx, booking, request.body);
      if (refunded > 0) await auditRequest(request, { action: 'refund', detail: `${booking.code}: ${refunded} cents` });
      return (await views([await load(request.params.code)]))[0];
    },
  );

  app.put(
    '/api/admin/bookings/:code/review-request',
    {
      schema: {
        params: BookingParamsSchema,
        body: ReviewRequestSwitchSchema,
        response: { 200: AdminBookingSchema, ...ADMIN_ERRORS, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await switchReviewRequest(ctx, await load(request.params.code), request.body.enabled);
      return (await views([await load(request.params.code)]))[0];
    },
  );
};
