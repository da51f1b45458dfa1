import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cancellationPolicyWords, bookingTexts } from '../../shared/booking-text.js';
import { localizeProperty } from '../../shared/content.js';
import { houseToday } from '../../shared/dates.js';
import { z } from '../../shared/zod.js';
import {
  AcceptTermsSchema,
  BookingCreatedSchema,
  bookingInputSchema,
  BookingOptionsSchema,
  BookingParamsSchema,
  BookingTokenQuerySchema,
  CancelResultSchema,
  CheckoutLinkSchema,
  GuestBookingSchema,
  PaymentChoiceSchema,
} from '../../shared/bookings.js';
import { errorResponses, SUBMISSION_ERRORS } from '../lib/error-responses.js';
import { liveSchema } from '../lib/live-schema.js';
import { paymentsOf } from '../payments/payments-data.js';
import { submissionRateLimit } from '../rate-limits/submission-limit.js';
import { cancelBooking } from './cancel-booking.js';
import { availableMethods, effectiveMode } from '../stay-record/context.js';
import { bookingForLink } from '../stay-record/guest-link.js';
import { createBooking } from './create-booking.js';
import { chooseOfferMethod } from './offer-method.js';
import { acceptOfferTerms } from './offer-terms.js';
import { openPaymentPage } from './open-payment.js';
import { guestView } from './views.js';
import type { BookingRow } from '../db/schema.js';
import { GuestCancelSchema, RefundAccountSchema } from '../../shared/refunds.js';
import { giveRefundAccount, refundAccountOf } from './refund-account.js';
import { stayCalendar } from './stay-calendar.js';

const LocaleQuerySchema = z.object({ locale: z.string().max(20).optional() });

export const bookingRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const ctx = app.bookings;
  const BookingInputSchema = liveSchema(
    () => app.property,
    (property) => bookingInputSchema(() => houseToday(app.now()), property.capacity, property.locales),
  );
  const guestOnly = { 'cache-control': 'no-store' };
  const viewOf = async (booking: BookingRow) =>
    guestView(ctx, booking, await paymentsOf(app.db, [booking.id]), await refundAccountOf(app.db, booking.id));

  app.get(
    '/api/booking/options',
    { schema: { querystring: LocaleQuerySchema, response: { 200: BookingOptionsSchema, ...errorResponses(400) } } },
    async (request, reply) => {
      const locale = app.property.locales.includes(request.query.locale ?? '')
        ? (request.query.locale as string)
        : (app.property.locales[0] ?? 'en');
      const settings = ctx.settings;
      reply.header('cache-control', 'no-cache');
      return {
        mode: effectiveMode(ctx),
        methods: availableMethods(ctx),
        stripeMethods: settings?.stripeMethods ?? ['card'],
        currency: app.property.pricing?.currency ?? 'EUR',
        depositPercent: settings?.depositPercent ?? 100,
        balanceDaysBeforeArrival: settings?.balanceDaysBeforeArrival ?? 0,
        bankTransferHoldDays: settings?.bankTransferHoldDays ?? 0,
        requestResponseHours: settings?.requestResponseHours ?? 0,
        cancellation: settings?.cancellation ?? [],
        cancellationWords: cancellationPolicyWords(settings?.cancellation ?? [], locale),
        houseRules: localizeProperty(app.property, locale).booking?.houseRules ?? '',
        noWithdrawal: bookingTexts(locale).noWithdrawal,
      };
    },
  );

  app.post(
    '/api/bookings',
    {
      config: { rateLimit: submissionRateLimit(app.config) },
      schema: {
        body: BookingInputSchema,
        response: { 201: BookingCreatedSchema, ...SUBMISSION_ERRORS, ...errorResponses(409, 502, 503) },
      },
    },
    async (request, reply) => {
      const created = await createBooking(ctx, request.body);
      app.publicAvailability.clear();
      return reply.code(201).headers(guestOnly).send(created);
    },
  );

  const linkSchema = { params: BookingParamsSchema, querystring: BookingTokenQuerySchema };

  app.get(
    '/api/bookings/:code',
    { schema: { ...linkSchema, response: { 200: GuestBookingSchema, ...errorResponses(400, 404, 410) } } },
    async (request, reply) => {
      const booking = await bookingForLink(ctx, request.params.code, request.query.t);
      return reply.headers(guestOnly).send(await viewOf(booking));
    },
  );

  app.post(
    '/api/bookings/:code/cancel',
    {
      config: { rateLimit: submissionRateLimit(app.config) },
      schema: {
        ...linkSchema,
        body: GuestCancelSchema,
        response: { 200: CancelResultSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const booking = await bookingForLink(ctx, request.params.code, request.query.t);
      const result = await cancelBooking(ctx, booking, 'guest', undefined, request.body?.refundIban);
      app.publicAvailability.clear();
      return reply.headers(guestOnly).send(result);
    },
  );

  // The IBAN for a refund by transfer, given after cancelling (decision 0054); answers the booking.
  app.put(
    '/api/bookings/:code/refund-account',
    {
      config: { rateLimit: submissionRateLimit(app.config) },
      schema: {
        ...linkSchema,
        body: RefundAccountSchema,
        response: { 200: GuestBookingSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      await giveRefundAccount(ctx, await bookingForLink(ctx, code, request.query.t), request.body.iban);
      return reply.headers(guestOnly).send(await viewOf(await bookingForLink(ctx, code, request.query.t)));
    },
  );

  app.post(
    '/api/bookings/:code/accept-terms',
    {
      config: { rateLimit: submissionRateLimit(app.config) },
      schema: {
        ...linkSchema,
        body: AcceptTermsSchema,
        response: { 200: GuestBookingSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      await acceptOfferTerms(ctx, await bookingForLink(ctx, code, request.query.t));
      const booking = await bookingForLink(ctx, code, request.query.t);
      return reply.headers(guestOnly).send(guestView(ctx, booking, await paymentsOf(app.db, [booking.id])));
    },
  );

  app.post(
    '/api/bookings/:code/payment-method',
    {
      config: { rateLimit: submissionRateLimit(app.config) },
      schema: {
        ...linkSchema,
        body: PaymentChoiceSchema,
        response: { 200: GuestBookingSchema, ...errorResponses(400, 404, 409, 410, 429, 503) },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      await chooseOfferMethod(ctx, await bookingForLink(ctx, code, request.query.t), request.body.paymentMethod);
      const booking = await bookingForLink(ctx, code, request.query.t);
      return reply.headers(guestOnly).send(await viewOf(booking));
    },
  );

  app.post(
    '/api/bookings/:code/pay-balance',
    {
      config: { rateLimit: submissionRateLimit(app.config) },
      schema: { ...linkSchema, response: { 200: CheckoutLinkSchema, ...errorResponses(400, 404, 409, 410, 429, 502) } },
    },
    async (request, reply) => {
      const checkoutUrl = await openPaymentPage(ctx, await bookingForLink(ctx, request.params.code, request.query.t));
      return reply.headers(guestOnly).send({ checkoutUrl });
    },
  );

  app.get(
    '/api/bookings/:code/calendar.ics',
    { schema: { ...linkSchema, response: { 200: z.string(), ...errorResponses(400, 404, 410) } } },
    async (request, reply) => {
      const booking = await bookingForLink(ctx, request.params.code, request.query.t);
      const ics = stayCalendar(ctx, booking);
      return reply
        .headers(guestOnly)
        .header('content-disposition', `attachment; filename="${booking.code}.ics"`)
        .type('text/calendar; charset=utf-8')
        .send(ics);
    },
  );
};
