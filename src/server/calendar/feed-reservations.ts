import { HOLDING_STATUSES } from '../../shared/booking-status.js';
import type { FeedReservation } from '../../shared/stays.js';
import { dismissedUids } from './feed-dismissals-data.js';
import { feedEventsFrom } from './feed-events-data.js';
import type { Db } from '../db/database.js';
import { bookingsByFeedUids, liveStays } from '../stay-record/bookings-data.js';

// The platforms' reservations the owner is asked to complete into stays
// (docs/decisions/0053-a-stay-keeps-its-tourist-tax-rule.md, amending 0037). Left out: a
// platform's own "Not available" block (Airbnb's, Vrbo's "Blocked", a plain feed's; Booking.com
// writes "CLOSED - Not available" for its bookings too, so its events stay offered); the echo of
// the site's own booking, which the site exports to the platform and the platform re-exports as
// an event on exactly the booking's nights; and any event the owner marked "not a stay".

type FeedEventRow = Awaited<ReturnType<typeof feedEventsFrom>>[number];
type LiveStay = Awaited<ReturnType<typeof liveStays>>[number];

/** A block of the platform's own: its feed tells its bookings ("Reserved") from its closed nights. */
const isBlock = (event: FeedEventRow) => event.kind === 'blocked' && event.platform !== 'booking';

/** A live booking of another channel on exactly the event's nights: the platform echoing our export. */
const isEcho = (event: FeedEventRow, live: readonly LiveStay[]) =>
  live.some((b) => b.checkIn === event.start && b.checkOut === event.end && b.channel !== event.platform);

/**
 * The feeds' reservations from `from` (today for the owner's list), those starting before
 * `before` when given: each completed one with its stay's code, and those still to complete.
 */
export async function feedReservations(db: Db, from: string, before?: string): Promise<FeedReservation[]> {
  const events = (await feedEventsFrom(db, from, before)).filter((e) => e.uid !== null);
  const uids = events.map((e) => e.uid as string);
  const [stays, dismissed, live] = await Promise.all([
    bookingsByFeedUids(db, uids),
    dismissedUids(db, uids),
    liveStays(db, HOLDING_STATUSES, from),
  ]);
  return events.flatMap((e) => {
    const uid = e.uid as string;
    const stayCode =
      stays.find((s) => s.feedEventUid === uid && HOLDING_STATUSES.includes(s.status))?.code ??
      stays.find((s) => s.feedEventUid === uid)?.code ??
      null;
    if (stayCode === null && (dismissed.has(uid) || isBlock(e) || isEcho(e, live))) return [];
    return [
      {
        uid,
        feed: e.feed,
        platform: e.platform,
        start: e.start,
        end: e.end,
        summary: e.summary ?? '',
        ...(e.reference ? { reference: e.reference } : {}),
        ...(e.phoneDigits ? { phoneDigits: e.phoneDigits } : {}),
        stayCode,
      },
    ];
  });
}

/** The platforms' reservations not yet completed into stays, with a night from `from` to before `before`. */
export async function uncompletedReservations(db: Db, from: string, before: string): Promise<FeedReservation[]> {
  return (await feedReservations(db, from, before)).filter((r) => r.stayCode === null);
}
