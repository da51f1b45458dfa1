import { HOLDING_STATUSES } from '../../shared/booking-status.js';
import { dismissFeedEventOnce } from '../calendar/feed-dismissals-data.js';
import { findFeedEventByUid } from '../calendar/feed-events-data.js';
import type { FeedEventDismissalsTable } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { findBookingByFeedUid } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow } from '../stay-record/context.js';

// A feed's event the owner marks "not a stay" leaves the reservations to complete, the reports and
// the return's flag, once and for good (docs/decisions/0053-a-stay-keeps-its-tourist-tax-rule.md):
// the UID is the table's key, so a second mark, from any server, records nothing.

export const notAStayItem = (row: FeedEventDismissalsTable) => ({
  uid: row.uid,
  feed: row.feedName,
  start: row.startDate,
  end: row.endDate,
  note: row.note,
  by: row.dismissedBy,
  at: row.dismissedAt,
});

/** Records the mark with the owner's note: 404 for an event no feed lists, 409 when completed or already marked. */
export async function markNotAStay(ctx: BookingContext, uid: string, note: string) {
  const event = await findFeedEventByUid(ctx.db, uid);
  if (!event) throw new HttpError(404, 'No feed lists this event now');
  const stay = await findBookingByFeedUid(ctx.db, uid);
  if (stay && HOLDING_STATUSES.includes(stay.status))
    throw new HttpError(409, `This event is the stay ${stay.code}`, undefined, 'conflict');
  const row = {
    uid,
    feedName: event.feed,
    startDate: event.start,
    endDate: event.end,
    note,
    // The admin has one owner's password: the owner is who marks it (as in a booking's history).
    dismissedBy: 'owner',
    dismissedAt: isoNow(ctx),
  };
  if (!(await dismissFeedEventOnce(ctx.db, row)))
    throw new HttpError(409, 'This event is already marked as not a stay', undefined, 'conflict');
  return notAStayItem(row);
}
