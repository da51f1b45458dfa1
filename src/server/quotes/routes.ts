import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withUnavailable } from '../../shared/quote.js';
import { QuoteSchema, quoteQuerySchema } from '../../shared/quote-schema.js';
import { isStayFree } from '../calendar/availability.js';
import { errorResponses } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';

export const quoteRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const QuoteQuerySchema = quoteQuerySchema(app.property.capacity, app.property.locales);

  app.get(
    '/api/quote',
    { schema: { querystring: QuoteQuerySchema, response: { 200: QuoteSchema, ...errorResponses(400, 404) } } },
    async (request, reply) => {
      const stay = request.query;
      if (!app.quoter.hasPrices) throw new HttpError(404, 'This site has no prices');
      const quote = app.quoter.quote(stay);
      if (!quote) throw new HttpError(400, 'No quote for this stay', 'checkOut');
      const free = await isStayFree(app.db, { start: stay.checkIn, end: stay.checkOut });
      // Depends on the taken nights, which another server may change at any time.
      reply.header('cache-control', 'no-store');
      return free ? quote : withUnavailable(quote, stay.locale);
    },
  );
};
