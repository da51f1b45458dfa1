import { addDays } from '../../shared/date-ranges.js';
import { formatDayIn } from '../../shared/dates.js';
import { moveBookingNights } from '../calendar/bookings.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { blockMailKey, cancelPendingKey, mailStatesByKey } from '../mail/outbox-data.js';
import { recordEvent } from '../stay-record/booking-events-data.js';
import { queueGuestMail } from '../stay-record/booking-mails.js';
import { moveDates } from '../stay-record/bookings-data.js';
import { type BookingContext, isoNow, today } from '../stay-record/context.js';
import { newGuestLink } from '../stay-record/guest-link.js';
import { BEFORE_STAY_KINDS, mailKey } from '../stay-record/mail-schedule.js';
import { stayCalendar } from './stay-calendar.js';
import { retaxed } from '../stay-record/stay-tax.js';
import { planRefunds, sendRefunds } from '../payments/refunds.js';
import { termsOf } from '../stay-record/terms.js';
import { reread } from '../stay-record/transition.js';

// The owner moves a booking to other nights (docs/decisions/0025-changing-a-bookings-dates.md):
// its nights, its history, its planned mails and the guest's mail change in one transaction, and
// the price stays as agreed; the tourist tax follows the new nights (0038).

/** The live bookings: their dates and their party may still change (0069). */
export const CHANGEABLE_STATUSES = ['requested', 'awaiting_payment', 'confirmed', 'balance_due', 'paid'];

export interface NewDates {
  checkIn: string;
  checkOut: string;
}

/** Gives the booking new dates; 400 for dates it cannot take, 409 when it is over or a night is taken. */
export async function changeDates(ctx: BookingContext, booking: BookingRow, dates: NewDates): Promise<void> {
  if (!CHANGEABLE_STATUSES.includes(booking.status))
    throw new HttpError(409, `A booking that is ${booking.status} keeps its dates`, undefined, 'conflict');
  if (dates.checkIn === booking.checkIn && dates.checkOut === booking.checkOut)
    throw new HttpError(400, 'These are the dates of the booking already', 'checkIn');
  // A stay that has begun may still be made longer or shorter, from the same check-in.
  if (dates.checkIn !== booking.checkIn && dates.checkIn < today(ctx))
    throw new HttpError(400, 'Check-in cannot be in the past', 'checkIn');
  const at = isoNow(ctx);
  let refunding = false;
  await ctx.db.transaction().execute(async (trx) => {
    // The calendar's lock first, as a hold takes it: two moves to the same nights take turns (0019).
    if (!(await moveBookingNights(trx, booking.id, dates.checkIn, dates.checkOut, at, booking.status !== 'requested')))
      throw new HttpError(409, 'Some of these nights are already booked', 'checkIn', 'dates_unavailable');
    const tax = retaxed(ctx, booking, dates.checkIn, dates.checkOut);
    const moved = {
      ...dates,
      balanceDueOn: movedBalanceDay(ctx, booking, dates.checkIn),
      ...(tax ? { quote: JSON.stringify(tax.quote), totalCents: tax.totalCents } : {}),
    };
    if (!(await moveDates(trx, booking, moved, at)))
      throw new HttpError(409, 'The booking changed meanwhile', undefined, 'conflict');
    await recordEvent(
      trx,
      booking.id,
      booking.status,
      booking.status,
      'owner',
      at,
      `Dates changed from ${booking.checkIn} – ${booking.checkOut} to ${dates.checkIn} – ${dates.checkOut}` +
        (tax && tax.after !== tax.before ? `; tourist tax ${tax.before} → ${tax.after} cents` : ''),
    );
    const after = await reread(trx, booking.id);
    // Tax paid for nights no longer stayed goes back to the guest at once; tax owed for new ones is
    // part of the balance, or, on a booking already paid, for the owner to collect (0038).
    const surplus = after.paidCents - after.refundedCents - after.totalCents;
    if (tax && tax.after < tax.before && surplus > 0) {
      refunding = true;
      const cents = Math.min(surplus, tax.before - tax.after);
      // Only tax: its credit note credits the tax line alone (decision 0059).
      await planRefunds(trx, booking.id, cents, cents, `dates:${after.datesVersion}`, at);
    }
    await movePlannedMails(trx, ctx, booking, after);
    await queueGuestMail(trx, ctx, after, 'datesChanged', `dates-changed:${after.datesVersion}`, {
      url: await newGuestLink(trx, ctx, after),
      calendar: stayCalendar(ctx, after),
      fields: {
        oldCheckIn: formatDayIn(booking.checkIn, booking.locale),
        oldCheckOut: formatDayIn(booking.checkOut, booking.locale),
      },
    });
  });
  if (refunding) await sendRefunds(ctx, ctx.stripe, booking.id);
  ctx.wakeMail();
}

/**
 * The mails before the stay take the new dates' keys, so one sent for the old dates goes again
 * on its new day. One the owner cancelled stays cancelled (its new key is blocked too); one queued
 * for the old dates and not yet sent is cancelled, since it tells the old dates.
 */
async function movePlannedMails(trx: Db, ctx: BookingContext, before: BookingRow, after: BookingRow): Promise<void> {
  const states = await mailStatesByKey(
    trx,
    BEFORE_STAY_KINDS.map((kind) => mailKey(before, kind)),
  );
  for (const kind of BEFORE_STAY_KINDS) {
    const old = mailKey(before, kind);
    if (states.get(old) === 'cancelled')
      await blockMailKey(trx, mailKey(after, kind), after.email, ctx.now(), new URL(ctx.siteUrl).hostname);
    else if (states.get(old) === 'pending') await cancelPendingKey(trx, old);
  }
}

const BALANCE_NOT_YET_DUE = ['requested', 'awaiting_payment', 'confirmed'];

/**
 * A balance not yet due keeps its distance from arrival, as the accepted terms set it (0019, 0035): a
 * later stay gives the guest more time, an earlier one brings the day nearer, but never before
 * today. One already asked for, or paid, stays as it is.
 */
function movedBalanceDay(ctx: BookingContext, booking: BookingRow, checkIn: string): string | null {
  if (!booking.balanceDueOn || !BALANCE_NOT_YET_DUE.includes(booking.status)) return booking.balanceDueOn;
  const dueOn = addDays(checkIn, -termsOf(ctx, booking).balanceDaysBeforeArrival);
  return dueOn < today(ctx) ? today(ctx) : dueOn;
}
