import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withUnavailable } from '../../shared/quote.js';
import { QuoteSchema, quoteQuerySchema } from '../../shared/quote-schema.js';
import { isStayFree } from '../calendar/availability.js';
import { errorResponses, NOT_MODIFIED } from '../lib/error-responses.js';
import { liveSchema } from '../lib/live-schema.js';
import { HttpError } from '../lib/http-error.js';
import { cachedPage, sendCachedPage } from '../lib/public-cache.js';

/** As long as the availability it depends on (docs/decisions/0007-caches.md). */
const MAX_AGE_SECONDS = 10;

export const quoteRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // The guest limit and the languages are the published content's, whichever is current.
  const QuoteQuerySchema = liveSchema(
    () => app.property,
    (property) => quoteQuerySchema(property.capacity, property.locales),
  );

  app.get(
    '/api/quote',
    {
      schema: {
        querystring: QuoteQuerySchema,
        response: { 200: QuoteSchema, ...NOT_MODIFIED, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const stay = request.query;
      if (!app.quoter.hasPrices) throw new HttpError(404, 'This site has no prices');
      const quote = app.quoter.quote(stay);
      if (!quote) throw new HttpError(400, 'No quote for this stay', 'checkOut');
      // It depends on the taken nights, so it is kept with the availability and cleared with it:
      // at once for this server's changes, within the TTL for another server's.
      const build = async () => {
        const free = await isStayFree(app.db, { start: stay.checkIn, end: stay.checkOut });
        return cachedPage(QuoteSchema.parse(free ? quote : withUnavailable(quote, stay.locale)));
      };
      const key = `quote ${stay.checkIn} ${stay.checkOut} ${stay.adults} ${stay.childrenAges.join(',')} ${stay.locale ?? ''}`;
      return sendCachedPage(app.publicAvailability, key, build, request, reply, MAX_AGE_SECONDS);
    },
  );
};
