import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ExportQuerySchema, ReportQuerySchema, ReportSchema } from '../../shared/reports.js';
import { z } from '../../shared/zod.js';
import { ADMIN_ERRORS } from '../lib/error-responses.js';
import { exportCsv } from './export-csv.js';
import { moneyMovements } from './money-movements.js';
import { yearReport } from './report.js';

/** The owner's books and the accountant's export (inside the admin scope). */
export const adminReportRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/reports',
    { schema: { querystring: ReportQuerySchema, response: { 200: ReportSchema, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return yearReport(app.db, app.property, request.query.year);
    },
  );

  app.get(
    '/api/admin/export.csv',
    { schema: { querystring: ExportQuerySchema, response: { 200: z.string(), ...ADMIN_ERRORS } } },
    async (request, reply) => {
      const { from, to, locale } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="estadia-${from}-${to}.csv"`)
        .send(exportCsv(await moneyMovements(app.db, from, to), locale));
    },
  );
};
