import type { FastifyPluginAsync } from 'fastify';
import { IdParamsSchema } from '../lib/ids.js';
import type { AdminInquiry } from '../../shared/inquiries.js';
import { HttpError, parseOr400 } from '../lib/http-error.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminInquiryRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/inquiries', async (_request, reply): Promise<{ items: AdminInquiry[] }> => {
    const rows = await app.db.selectFrom('inquiries').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    reply.header('cache-control', 'no-store');
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        guests: r.guests,
        message: r.message,
        checkIn: r.check_in,
        checkOut: r.check_out,
        createdAt: r.created_at,
        status: r.status,
        attempts: r.attempts,
        lastError: r.last_error,
        nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
        sentAt: r.sent_at,
      })),
    };
  });

  app.post('/api/admin/inquiries/:id/retry', async (request, reply) => {
    const { id } = parseOr400(IdParamsSchema, request.params);
    const row = await app.db.selectFrom('inquiries').select('status').where('id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, 'Inquiry not found');
    if (row.status === 'sent') throw new HttpError(409, 'This inquiry was already sent');
    await app.db
      .updateTable('inquiries')
      .set({ status: 'pending', next_attempt_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '!=', 'sent')
      .execute();
    app.deliveries.notify();
    return reply.code(204).send();
  });
};
