import { addDays } from '../../shared/date-ranges.js';
import { localePath } from '../../shared/locales.js';
import { queueGuestMail } from '../stay-record/booking-mails.js';
import { completedBetween, findBooking } from '../stay-record/bookings-data.js';
import { hashToken, newBookingToken } from '../stay-record/codes.js';
import { type BookingContext, isoNow, today } from '../stay-record/context.js';
import { insertInvitation } from './review-invitations-data.js';
import { plannedTimes } from '../stay-record/mail-schedule.js';

class MailCancelled extends Error {}

/** How long a review invitation works. */
export const INVITATION_DAYS = 30;
/** Stays that ended longer ago than this are not asked any more (after a long outage, say). */
const ASK_WITHIN_DAYS = 14;

/**
 * The day after check-out, a completed stay's guest is thanked and invited to review it, once per
 * booking (the invitation's unique booking id). A cancelled booking is never completed, so never asked.
 * Resolves to how many were invited; with `onlyBookingId`, that booking's now (the owner's "send now").
 */
export async function inviteReviews(ctx: BookingContext, onlyBookingId?: string): Promise<number> {
  const day = today(ctx);
  let invited = 0;
  // The owner's "send now" asks for one booking, whatever its day.
  const only = onlyBookingId ? await findBooking(ctx.db, onlyBookingId) : undefined;
  const bookings = onlyBookingId
    ? only?.status === 'completed'
      ? [only]
      : []
    : await completedBetween(ctx.db, addDays(day, -ASK_WITHIN_DAYS), addDays(day, -1));
  for (const booking of bookings) {
    if (!onlyBookingId && plannedTimes(ctx, booking).review_request > ctx.now()) continue;
    const token = newBookingToken();
    const sent = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const created = await insertInvitation(trx, {
          tokenHash: hashToken(token),
          bookingId: booking.id,
          firstName: booking.name.trim().split(/\s+/)[0] ?? booking.name,
          stayMonth: booking.checkIn.slice(0, 7),
          expiresAt: new Date(ctx.now() + INVITATION_DAYS * 24 * 60 * 60_000).toISOString(),
          createdAt: isoNow(ctx),
        });
        if (!created) return false;
        const reviewUrl = `${ctx.siteUrl}${localePath(booking.locale, ctx.property.locales)}?review=${token}#reviews`;
        // The owner cancelled this mail: no invitation either (the transaction is undone).
        if (!(await queueGuestMail(trx, ctx, booking, 'reviewRequest', 'review-request', { reviewUrl })))
          throw new MailCancelled();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof MailCancelled) return false;
        throw error;
      });
    if (sent) invited++;
  }
  return invited;
}
