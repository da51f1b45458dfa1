import type { REVIEW_REQUEST_STATES } from '../../shared/bookings.js';
import type { BookingRow } from '../db/schema.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { blockMailKey, cancelPendingKey, mailStatesByKey, reopenCancelledKey } from '../mail/outbox-data.js';
import type { BookingContext } from '../stay-record/context.js';
import { mailKey } from '../stay-record/mail-schedule.js';

// The owner's "Ask for a review after the stay", per booking. It is the review request's own
// outbox key: a cancelled row keeps the mail, and with it the invitation, from ever being made
// (reviews/review-requests.ts); switched back on, the row goes and the mail is made on its day.

type ReviewRequestState = (typeof REVIEW_REQUEST_STATES)[number];

/** Each booking's switch: `on` until the mail goes (queued counts as on), `off`, or `sent` once gone. */
export async function reviewRequestStates(
  db: Db,
  bookings: readonly Pick<BookingRow, 'id' | 'datesVersion'>[],
): Promise<Map<string, ReviewRequestState>> {
  const states = await mailStatesByKey(
    db,
    bookings.map((b) => mailKey(b, 'review_request')),
  );
  return new Map(
    bookings.map((b) => {
      const state = states.get(mailKey(b, 'review_request'));
      return [b.id, state === undefined || state === 'pending' ? 'on' : state === 'cancelled' ? 'off' : 'sent'];
    }),
  );
}

/** Turns the booking's review request off or back on; 409 once it has gone. */
export async function switchReviewRequest(ctx: BookingContext, booking: BookingRow, enabled: boolean): Promise<void> {
  const key = mailKey(booking, 'review_request');
  const state = (await reviewRequestStates(ctx.db, [booking])).get(booking.id);
  if (state === 'sent') throw new HttpError(409, 'The review request was sent already', 'enabled', 'conflict');
  if (enabled) {
    if (state === 'off' && (await reopenCancelledKey(ctx.db, key, ctx.now()))) ctx.wakeMail();
    return;
  }
  if (state === 'off') return;
  const host = new URL(ctx.siteUrl).hostname;
  // Blocked before it is made, or, if it was queued meanwhile, cancelled before it goes.
  if (!(await blockMailKey(ctx.db, key, booking.email, ctx.now(), host)) && !(await cancelPendingKey(ctx.db, key)))
    throw new HttpError(409, 'The review request was sent already', 'enabled', 'conflict');
}
