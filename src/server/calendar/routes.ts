import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AvailabilityQuerySchema, AvailabilitySchema } from '../../shared/calendar.js';
import { localizeProperty } from '../../shared/content.js';
import { earliestToday } from '../../shared/dates.js';
import { z } from '../../shared/zod.js';
import { errorResponses, NOT_MODIFIED } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { cachedPage, sendCachedPage } from '../lib/public-cache.js';
import { unavailableIn } from './availability.js';
import { exportCalendar } from './export.js';

/** As long as the reviews: another server's change shows within it (docs/decisions/0007-caches.md). */
const MAX_AGE_SECONDS = 10;

const ExportParamsSchema = z.object({ token: z.string().regex(/^[\w-]{16,100}$/, 'token is not valid') });

export const calendarRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/availability',
    {
      schema: {
        querystring: AvailabilityQuerySchema,
        response: { 200: AvailabilitySchema, ...NOT_MODIFIED, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const build = async () =>
        cachedPage(AvailabilitySchema.parse({ unavailable: await unavailableIn(app.db, from, to) }));
      return sendCachedPage(app.publicAvailability, `${from}/${to}`, build, request, reply, MAX_AGE_SECONDS);
    },
  );

  // Fetched by the platforms, without a session: the unguessable token is the credential.
  app.get(
    '/api/calendar/:token.ics',
    { schema: { params: ExportParamsSchema, response: { 200: z.string(), ...errorResponses(400, 404) } } },
    async (request, reply) => {
      const host = new URL(app.config.siteUrl).hostname;
      const name = localizeProperty(app.property, app.property.locales[0] ?? 'en').name;
      // Nights that ended before the earliest today on Earth are no one's business any more.
      const text = await exportCalendar(app.db, request.params.token, earliestToday(), host, name);
      if (text === undefined) throw new HttpError(404, 'Not found');
      return reply.header('cache-control', 'no-store').type('text/calendar; charset=utf-8').send(text);
    },
  );
};
