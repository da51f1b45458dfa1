import { addDays } from '../../shared/date-ranges.js';
import type { BookingRow } from '../db/schema.js';
import { queueGuestMail } from './booking-mails.js';
import { arrivalDay, arrivalOf, arrivalBlocks } from './arrival.js';
import { type BookingContext, isoNow } from './context.js';
import { newGuestLink } from './guest-link.js';
import { houseTimeOf } from './house-time.js';
import { bookingsInStatus } from './bookings-data.js';

// The mails a stay sends by itself, each on its day at the house (Europe/Lisbon), from the
// booking's dates: so a change of dates moves them, and a booking that is no longer on sends none.
// Each has its key (`booking:<id>:<kind>`): queued once, and a key the owner cancelled is never queued.
// The mails before the stay carry the number of the booking's date changes after a change
// (`booking:<id>:arrival:2`): those sent for the old dates go again for the new ones, once
// (docs/decisions/0025-changing-a-bookings-dates.md). The review request comes after the stay,
// when the dates can no longer change, so its key stays one per booking.

export const PLANNED_KINDS = ['arrival', 'reminder', 'review_request'] as const;
export type PlannedKind = (typeof PLANNED_KINDS)[number];
/** The planned mails whose key follows the booking's dates. */
export const BEFORE_STAY_KINDS = ['arrival', 'reminder'] as const;

type Keyed = Pick<BookingRow, 'id' | 'datesVersion'>;

export const keySuffixOf = (kind: PlannedKind, datesVersion = 0) =>
  kind === 'review_request' ? 'review-request' : datesVersion > 0 ? `${kind}:${datesVersion}` : kind;
/** The key of the booking's planned mail for its dates as they are now (or as they were at `datesVersion`). */
export const mailKey = (booking: Keyed, kind: PlannedKind, datesVersion = booking.datesVersion) =>
  `booking:${booking.id}:${keySuffixOf(kind, datesVersion)}`;

/** When each planned mail of the stay is due, in epoch milliseconds. */
export function plannedTimes(
  ctx: BookingContext,
  booking: Pick<BookingRow, 'checkIn' | 'checkOut'>,
): Record<PlannedKind, number> {
  return {
    // The same moment the guest's page starts to show the instructions (arrival.ts).
    arrival: houseTimeOf(arrivalDay(ctx, booking.checkIn), 9),
    reminder: houseTimeOf(addDays(booking.checkIn, -1), 9),
    review_request: houseTimeOf(addDays(booking.checkOut, 1), 10),
  };
}

const STAYING = ['confirmed', 'balance_due', 'paid'] as const;

/** Queues one planned mail of the stay now; false when it was queued (or cancelled) before, or has nothing to say. */
export async function sendPlanned(
  ctx: BookingContext,
  booking: BookingRow,
  kind: 'arrival' | 'reminder',
): Promise<boolean> {
  const arrival = arrivalOf(ctx, booking);
  if (!arrival) return false;
  const fields = {
    checkInFrom: arrival.checkInFrom,
    checkInUntil: arrival.checkInUntil,
    checkOutUntil: arrival.checkOutUntil,
  };
  return ctx.db.transaction().execute(async (trx) => {
    const url = await newGuestLink(trx, ctx, booking);
    return queueGuestMail(trx, ctx, booking, kind, keySuffixOf(kind, booking.datesVersion), {
      url,
      fields,
      extra: kind === 'arrival' ? arrivalBlocks(arrival, booking.locale) : [],
    });
  });
}

/** The stays' arrival and reminder mails that are due by now; resolves to how many were queued. */
export async function sendDuePlanned(ctx: BookingContext): Promise<number> {
  const now = ctx.now();
  let sent = 0;
  for (const booking of await bookingsInStatus(ctx.db, STAYING)) {
    if (booking.checkOut <= isoNow(ctx).slice(0, 10)) continue;
    const times = plannedTimes(ctx, booking);
    // The arrival mail first: on a late booking both may be due, and the day-before one then adds little.
    for (const kind of ['arrival', 'reminder'] as const) {
      if (times[kind] <= now && (await sendPlanned(ctx, booking, kind))) sent++;
    }
  }
  return sent;
}
