import { HOLDING_STATUSES } from '../../shared/booking-status.js';
import { listedUids } from '../calendar/feed-events-data.js';
import type { BookingRow } from '../db/schema.js';
import { queueOwnerMail } from '../stay-record/booking-mails.js';
import { recordEvent } from '../stay-record/booking-events-data.js';
import { bookingsInStatus, markFeedKept } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow, today } from '../stay-record/context.js';
import { HttpError } from '../lib/http-error.js';
import { reread } from '../stay-record/transition.js';

// A platform stay is never deleted because its event left the feed: the owner is told once and
// decides, by cancelling it or keeping it (decision 0037).

const PLATFORMS: Partial<Record<BookingRow['channel'], string>> = {
  airbnb: 'Airbnb',
  booking: 'Booking.com',
  vrbo: 'Vrbo',
};

/** A live platform stay, not yet over, whose feed no longer lists its event, and which the owner has not kept. */
export function feedMissing(row: BookingRow, listed: ReadonlySet<string>, day: string): boolean {
  return (
    row.feedEventUid !== null &&
    row.feedKeptAt === null &&
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
    await queueOwnerMail(ctx.db, ctx, stay, `feed-missing:${stay.feedEventUid}`, {
      kind: 'feedMissing',
      fields: ({ texts, day }) => ({
        platform: PLATFORMS[stay.channel] ?? texts.somePlatform,
        checkIn: day(stay.checkIn),
        checkOut: day(stay.checkOut),
        reference: stay.platformReference ? texts.reference.replace('{reference}', stay.platformReference) : '',
      }),
    });
    told++;
  }
  return told;
}

/**
 * The owner keeps a stay its feed no longer lists (moved under a new UID, or the feed is wrong):
 * it stands with its nights held and is no longer flagged. Recorded in its history as a move from
 * its status to the same, by the owner, with why (decision 0037).
 */
export async function keepMissingStay(ctx: BookingContext, booking: BookingRow): Promise<void> {
  const day = today(ctx);
  const listed = booking.feedEventUid ? await listedUids(ctx.db, [booking.feedEventUid]) : new Set<string>();
  if (!feedMissing(booking, listed, day))
    throw new HttpError(409, 'Only a stay whose feed no longer lists it can be kept', undefined, 'conflict');
  const at = isoNow(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await reread(trx, booking.id);
    if (!(await markFeedKept(trx, booking.id, at)))
      throw new HttpError(409, 'This stay was kept meanwhile', undefined, 'conflict');
    const platform = PLATFORMS[current.channel] ?? 'The platform';
    await recordEvent(
      trx,
      booking.id,
      current.status,
      current.status,
      'owner',
      at,
      `kept: ${platform} no longer lists it`,
    );
  });
}
