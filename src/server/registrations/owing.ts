import { addDays } from '../../shared/date-ranges.js';
import { bookingIdsEndingFrom, bookingsByIds } from '../stay-record/bookings-data.js';
import type { BookingRow } from '../db/schema.js';
import { CHECK_IN_STATUSES } from './check-in.js';
import { todayOf, type RegistrationContext } from './context.js';
import { bookingsWithForeignGuests } from './guest-registrations-data.js';

/**
 * How long after its check-out a stay nobody registered for stays on the owner's list: past the
 * departure bulletin's deadline, so its overdue reminders run (docs/siba.md).
 */
const UNKNOWN_PARTY_DAYS = 30;

/**
 * The bookings that may owe a bulletin: those with a guest who is not Portuguese, and every stay
 * from every channel, from the moment it exists, whose party has not all checked in, so its
 * nationality is unknown: no bulletin is ever due unseen (docs/stays.md).
 */
export async function bookingsThatMayOweBulletins(ctx: RegistrationContext): Promise<BookingRow[]> {
  const [foreign, live] = await Promise.all([
    bookingsWithForeignGuests(ctx.db),
    bookingIdsEndingFrom(ctx.db, CHECK_IN_STATUSES, addDays(todayOf(ctx), -UNKNOWN_PARTY_DAYS)),
  ]);
  return bookingsByIds(ctx.db, [...new Set([...foreign, ...live])]);
}
