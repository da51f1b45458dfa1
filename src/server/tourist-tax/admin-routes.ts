import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookingParamsSchema } from '../../shared/bookings.js';
import { z } from '../../shared/zod.js';
import {
  StayTaxExemptionsQuerySchema,
  StayTaxExemptionsSchema,
  TaxExemptionsSchema,
  TaxMonthQuerySchema,
  TaxReturnSchema,
} from '../../shared/tourist-tax-return.js';
import type { TaxExemption } from '../../shared/tourist-tax.js';
import { partyOfBooking } from '../stay-record/stay-tax.js';
import { localizedRule, taxRuleOf } from '../stay-record/tax-rule.js';
import { findBookingByCode, setTaxExemptions } from '../stay-record/bookings-data.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { taxReturnCsv } from './tax-return-csv.js';
import { touristTaxReturn } from './tax-return.js';
import { englishCount } from '../../shared/english-count.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminTouristTaxRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/tourist-tax',
    {
      schema: {
        querystring: TaxMonthQuerySchema,
        response: { 200: z.union([TaxReturnSchema, z.string()]), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const csv = request.query.format === 'csv';
      const report = await touristTaxReturn(
        app.db,
        app.property,
        request.query.month,
        csv ? undefined : request.query.locale,
      );
      reply.header('cache-control', 'no-store');
      if (!csv) return report;
      return reply
        .header('content-disposition', `attachment; filename="tourist-tax-${report.month}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(taxReturnCsv(report));
    },
  );

  app.get(
    '/api/admin/bookings/:code/tourist-tax-exemptions',
    {
      schema: {
        params: BookingParamsSchema,
        querystring: StayTaxExemptionsQuerySchema,
        response: { 200: StayTaxExemptionsSchema, ...ADMIN_ERRORS, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const booking = await findBookingByCode(app.db, request.params.code);
      if (!booking) throw new HttpError(404, 'No such booking');
      const asked = request.query.locale ?? '';
      const locale = app.property.locales.includes(asked) ? asked : (app.property.locales[0] ?? 'en');
      // The exemptions of the stay's own rule (decision 0053), labelled in the asked language.
      const stored = taxRuleOf(app.property, booking);
      const rule = stored ? localizedRule(stored, locale, app.property.locales) : undefined;
      const { adults, childrenAges } = partyOfBooking(booking);
      reply.header('cache-control', 'no-store');
      return {
        guests: [...Array.from({ length: adults }, () => null), ...childrenAges].map((age, guest) => ({ guest, age })),
        choices: (rule?.exemptions ?? []).map((e) => ({ code: e.code, label: e.label })),
        exemptions: JSON.parse(booking.touristTaxExemptions) as TaxExemption[],
      };
    },
  );

  app.put(
    '/api/admin/bookings/:code/tourist-tax-exemptions',
    {
      schema: {
        params: BookingParamsSchema,
        body: TaxExemptionsSchema,
        response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const booking = await findBookingByCode(app.db, request.params.code);
      if (!booking) throw new HttpError(404, 'No such booking');
      const codes = (taxRuleOf(app.property, booking)?.exemptions ?? []).map((e) => e.code);
      for (const exemption of request.body.exemptions) {
        if (exemption.guest >= booking.guests)
          throw new HttpError(
            400,
            `The stay has ${englishCount(booking.guests, 'guest')}, numbered from 0`,
            'exemptions',
          );
        if (!codes.includes(exemption.code))
          throw new HttpError(
            400,
            codes.length ? `The exemption must be one of ${codes.join(', ')}` : 'The tourist tax names no exemptions',
            'exemptions',
          );
      }
      await setTaxExemptions(
        app.db,
        booking.id,
        JSON.stringify(request.body.exemptions),
        new Date(app.now()).toISOString(),
      );
      return reply.code(204).send();
    },
  );
};
