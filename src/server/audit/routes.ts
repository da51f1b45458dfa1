import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminPageQuerySchema } from '../../shared/admin-pages.js';
import { OwnerAuditSchema } from '../../shared/owner-audit.js';
import { afterCursor, keysetPage } from '../lib/cursor.js';
import { ADMIN_ERRORS } from '../lib/error-responses.js';
import { listOwnerActions } from './owner-audit-data.js';

/** The owner's audit list, newest first (inside the admin scope: session and same-origin checked). */
export const adminAuditRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/audit',
    { schema: { querystring: AdminPageQuerySchema, response: { 200: OwnerAuditSchema, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const page = keysetPage(await listOwnerActions(app.db, limit, afterCursor(cursor)), limit, (entry) => entry.at);
      reply.header('cache-control', 'no-store');
      return {
        ...page,
        items: page.items.map(({ at, action, client, detail, inquiries, reviews, blocks }) => ({
          at,
          action,
          client,
          // The guest-data entries say how many rows, the others what they touched.
          detail:
            action === 'export' || action === 'erase'
              ? `${inquiries} inquiries, ${reviews} reviews, ${blocks} calendar notes`
              : detail,
        })),
      };
    },
  );
};
