import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GUEST_DATA_ACTIONS,
  GuestDataAuditSchema,
  GuestDataQuerySchema,
  GuestDataSchema,
  GuestEraseResultSchema,
  GuestEraseSchema,
} from '../../shared/guest-data.js';
import { clearBlockNotes, findBlocksByNote, forgetInquiries } from '../calendar/blocks-data.js';
import { deleteInquiries, findGuestInquiries } from '../inquiries/inquiries-data.js';
import { ADMIN_ERRORS } from '../lib/error-responses.js';
import { AdminPageQuerySchema } from '../../shared/admin-pages.js';
import { afterCursor, keysetPage } from '../lib/cursor.js';
import { deleteReviews, findReviewsByName } from '../reviews/reviews-data.js';
import { auditRequest, listOwnerActions } from '../audit/owner-audit-data.js';
import { findGuestBookings } from '../stay-record/bookings-data.js';
import { eraseRefundAccounts, refundAccountsForExport } from '../bookings/refund-account.js';
import { eraseRegistrations, registrationsForExport } from '../registrations/guest-data.js';
import { freshProofRequired } from '../auth/guards.js';

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminGuestDataRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/guest-data',
    {
      // What it answers holds the guests' document numbers: an export, or a view of them (decision 0036).
      preHandler: freshProofRequired,
      schema: { querystring: GuestDataQuerySchema, response: { 200: GuestDataSchema, ...ADMIN_ERRORS } },
    },
    async (request, reply) => {
      const { email, name, download } = request.query;
      const inquiries = await findGuestInquiries(app.db, { email, name });
      // A review keeps only a name: an e-mail search cannot find one.
      const reviews = name === undefined ? [] : await findReviewsByName(app.db, name);
      // The owner's notes on blocked nights may name a guest, or hold their address.
      const blocks = await findBlocksByNote(app.db, name ?? email ?? '');
      const bookings = await findGuestBookings(app.db, { email, name });
      if (download === 'true') {
        await auditRequest(request, {
          action: 'export',
          inquiries: inquiries.length,
          reviews: reviews.length,
          blocks: blocks.length,
        });
        reply.header('content-disposition', 'attachment; filename="guest-data.json"');
      }
      const registrations = await registrationsForExport(app.db, app.dataCipher, bookings);
      // The IBANs given for refunds, whole: the owner's answer to the guest's right of access (decision 0054).
      const refundAccounts = await refundAccountsForExport(
        app.db,
        app.dataCipher,
        bookings.map((b) => b.code),
      );
      const documents = registrations.filter((r) => r.documentNumber !== null).length;
      if (download !== 'true' && documents + refundAccounts.length > 0)
        await auditRequest(request, {
          action: 'document_view',
          detail: `${documents} documents${refundAccounts.length > 0 ? `, ${refundAccounts.length} refund accounts` : ''}`,
        });
      return { inquiries, reviews, blocks, bookings, registrations, refundAccounts };
    },
  );

  app.post(
    '/api/admin/guest-data/erase',
    { schema: { body: GuestEraseSchema, response: { 200: GuestEraseResultSchema, ...ADMIN_ERRORS } } },
    async (request) => {
      const { inquiryIds, reviewIds, blockIds, registrationBookingCodes, refundAccountBookingCodes } = request.body;
      // All or nothing: an erasure half done would be reported as neither done nor failed.
      const counts = await app.db.transaction().execute(async (trx) => {
        const inquiries = await deleteInquiries(trx, inquiryIds);
        await forgetInquiries(trx, inquiryIds);
        const reviews = await deleteReviews(trx, reviewIds);
        const blocks = await clearBlockNotes(trx, blockIds);
        const { erased, retained } = await eraseRegistrations(trx, registrationBookingCodes);
        const refundAccounts = await eraseRefundAccounts(trx, refundAccountBookingCodes);
        await auditRequest(request, { action: 'erase', inquiries, reviews, blocks }, trx);
        return { inquiries, reviews, blocks, registrations: erased, refundAccounts, retained };
      });
      if (counts.reviews > 0) app.publicReviews.clear();
      return counts;
    },
  );

  app.get(
    '/api/admin/guest-data/audit',
    { schema: { querystring: AdminPageQuerySchema, response: { 200: GuestDataAuditSchema, ...ADMIN_ERRORS } } },
    async (request) => {
      const { limit, cursor } = request.query;
      const page = keysetPage(
        await listOwnerActions(app.db, limit, afterCursor(cursor), GUEST_DATA_ACTIONS),
        limit,
        (entry) => entry.at,
      );
      // The id only places the cursor; the list says when and how much, never which row.
      return {
        ...page,
        items: page.items.map(({ at, action, inquiries, reviews, blocks }) => ({
          at,
          action: action as (typeof GUEST_DATA_ACTIONS)[number],
          inquiries,
          reviews,
          blocks,
        })),
      };
    },
  );
};
