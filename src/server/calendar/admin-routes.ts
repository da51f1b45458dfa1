import { randomUUID } from 'node:crypto';
import { AdminPageQuerySchema } from '../../shared/admin-pages.js';
import { afterCursor, keysetPage } from '../lib/cursor.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminBlockListSchema,
  AdminBlockSchema,
  AdminFeedListSchema,
  AdminFeedSchema,
  BlockInputSchema,
  CalendarExportSchema,
  FeedInputSchema,
} from '../../shared/calendar.js';
import { earliestToday } from '../../shared/dates.js';
import { ADMIN_ERRORS, errorResponses, NO_CONTENT } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { IdParamsSchema } from '../lib/ids.js';
import { deleteOwnerBlock, listBlocks } from './blocks-data.js';
import { addOwnerBlock } from './bookings.js';
import { withBookings } from './block-bookings.js';
import { exportUrl, newExportToken, rotateSiteExportToken, siteExportToken } from './export-tokens.js';
import { deleteFeedEvents } from './feed-events-data.js';
import { checkFeedUrl } from './feed-address.js';
import { deleteFeed, type FeedRow, findFeed, insertFeed, listFeeds, setExportToken } from './feeds-data.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminCalendarRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const view = (feed: FeedRow) => ({ ...feed, exportUrl: exportUrl(app.config.siteUrl, feed.exportToken) });
  const feedOr404 = async (id: string) => {
    const feed = await findFeed(app.db, id);
    if (!feed) throw new HttpError(404, 'Feed not found');
    return feed;
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/blocks',
    { schema: { querystring: AdminPageQuerySchema, response: { 200: AdminBlockListSchema, ...ADMIN_ERRORS } } },
    async (request) => {
      const { limit, cursor } = request.query;
      const page = keysetPage(
        await listBlocks(app.db, earliestToday(), limit, afterCursor(cursor)),
        limit,
        (block) => block.start,
      );
      return { items: await withBookings(app.db, page.items), nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/api/admin/blocks',
    {
      schema: { body: BlockInputSchema, response: { 201: AdminBlockSchema, ...ADMIN_ERRORS, ...errorResponses(409) } },
    },
    async (request, reply) => {
      const block = await addOwnerBlock(app.db, request.body, new Date().toISOString());
      if ('takenBy' in block)
        throw new HttpError(
          409,
          block.takenBy
            ? `Booking ${block.takenBy} holds some of these nights`
            : 'A confirmed inquiry holds some of these nights',
          'start',
          'dates_unavailable',
        );
      app.publicAvailability.clear();
      return reply.code(201).send(block);
    },
  );

  app.delete(
    '/api/admin/blocks/:id',
    {
      schema: { params: IdParamsSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404, 409) } },
    },
    async (request, reply) => {
      const outcome = await deleteOwnerBlock(app.db, request.params.id);
      if (outcome === 'missing') throw new HttpError(404, 'Block not found');
      if (outcome === 'booking')
        throw new HttpError(
          409,
          "These nights belong to a booking: cancel it, decline it or let it expire from the booking's page",
          undefined,
          'booking_nights',
        );
      app.publicAvailability.clear();
      return reply.code(204).send();
    },
  );

  app.get('/api/admin/feeds', { schema: { response: { 200: AdminFeedListSchema, ...ADMIN_ERRORS } } }, async () => ({
    items: (await listFeeds(app.db)).map(view),
  }));

  app.post(
    '/api/admin/feeds',
    { schema: { body: FeedInputSchema, response: { 201: AdminFeedSchema, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      const refused = await checkFeedUrl(request.body.url, app.config.calendar.allowPrivateHosts);
      if (refused) throw new HttpError(400, `This address cannot be imported: ${refused}`, 'url');
      const feed = await insertFeed(app.db, {
        id: randomUUID(),
        ...request.body,
        exportToken: newExportToken(),
        createdAt: new Date().toISOString(),
      });
      return reply.code(201).send(view(feed));
    },
  );

  app.delete(
    '/api/admin/feeds/:id',
    { schema: { params: IdParamsSchema, response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...errorResponses(404) } } },
    async (request, reply) => {
      if (!(await deleteFeed(app.db, request.params.id))) throw new HttpError(404, 'Feed not found');
      await deleteFeedEvents(app.db, request.params.id);
      app.publicAvailability.clear();
      return reply.code(204).send();
    },
  );

  // A failed fetch or parse is still a 200: the feed's lastError says what went wrong.
  app.post(
    '/api/admin/feeds/:id/sync',
    { schema: { params: IdParamsSchema, response: { 200: AdminFeedSchema, ...ADMIN_ERRORS, ...errorResponses(404) } } },
    async (request) => {
      await feedOr404(request.params.id);
      await app.calendarSync.syncNow(request.params.id);
      return view(await feedOr404(request.params.id));
    },
  );

  app.post(
    '/api/admin/feeds/:id/rotate',
    { schema: { params: IdParamsSchema, response: { 200: AdminFeedSchema, ...ADMIN_ERRORS, ...errorResponses(404) } } },
    async (request) => {
      if (!(await setExportToken(app.db, request.params.id, newExportToken())))
        throw new HttpError(404, 'Feed not found');
      return view(await feedOr404(request.params.id));
    },
  );

  app.get(
    '/api/admin/calendar',
    { schema: { response: { 200: CalendarExportSchema, ...ADMIN_ERRORS } } },
    async () => ({
      exportUrl: exportUrl(app.config.siteUrl, await siteExportToken(app.db)),
    }),
  );

  app.post(
    '/api/admin/calendar/rotate',
    { schema: { response: { 200: CalendarExportSchema, ...ADMIN_ERRORS } } },
    async () => ({
      exportUrl: exportUrl(app.config.siteUrl, await rotateSiteExportToken(app.db)),
    }),
  );
};
