import { HOLDING_STATUSES } from '../../shared/booking-status.js';
import { formatDay } from '../../shared/dates.js';
import { listedUids } from '../calendar/feed-events-data.js';
import type { BookingRow } from '../db/schema.js';
import { queueOwnerMail } from './booking-mails.js';
import { bookingsInStatus } from './bookings-data.js';
import { type BookingContext, today } from './context.js';

// A platform stay is never deleted because its event left the feed: the owner is told once and
// decides, by cancelling it or keeping it (decision 0037).

const PLATFORMS: Partial<Record<BookingRow['channel'], string>> = {
  airbnb: 'Airbnb',
  booking: 'Booking.com',
  vrbo: 'Vrbo',
};

/** A live platform stay, not yet over, whose feed no longer lists its event. */
export function feedMissing(row: BookingRow, listed: ReadonlySet<string>, day: string): boolean {
  return (
    row.feedEventUid !== null &&
    HOLDING_STATUSES.includes(row.status) &&
    row.checkOut > day &&
    !listed.has(row.feedEventUid)
  );
}

/** Mails the owner once per stay whose event left its feed (the mail's key is the event's UID); the count mailed now. */
export async function tellMissingPlatformStays(ctx: BookingContext): Promise<number> {
  const day = today(ctx);
  const stays = (await bookingsInStatus(ctx.db, HOLDING_STATUSES)).filter((b) => b.feedEventUid && b.checkOut > day);
  const listed = await listedUids(
    ctx.db,
    stays.map((b) => b.feedEventUid!),
  );
  let told = 0;
  for (const stay of stays.filter((b) => feedMissing(b, listed, day))) {
    const platform = PLATFORMS[stay.channel] ?? 'The platform';
    await queueOwnerMail(ctx.db, ctx, stay, `feed-missing:${stay.feedEventUid}`, `${platform} no longer lists a stay`, [
      `${platform} no longer lists this stay (${formatDay(stay.checkIn)} to ${formatDay(stay.checkOut)}${stay.platformReference ? `, reservation ${stay.platformReference}` : ''}) in its calendar: cancelled?`,
      'Its nights stay held here until you decide. If it was cancelled, cancel it from its page in /admin; if not, nothing is needed.',
    ]);
    told++;
  }
  return told;
}
