import type { BookingStatus } from '../../shared/booking-status.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import type { MailCheck, MailDependency } from '../mail/outbox-data.js';
import { houseToday } from '../../shared/dates.js';
import { findBooking } from './bookings-data.js';
import type { GuestMailKind } from './mail-texts.js';

// What each guest mail depends on, carried by the queued mail so that its delivery, which may come
// days late (SMTP_URL set after the fact), drops a mail that is no longer true
// (src/server/db/migrations/0031-mail-depends-on.ts). Mails of a final event (declined,
// cancelled, expired) and receipts stay true, and carry nothing.

const CONFIRMED: readonly BookingStatus[] = ['confirmed', 'balance_due', 'paid'];

/** The statuses in which each mail still tells the truth. */
const TRUE_WHILE: Partial<Record<GuestMailKind, readonly BookingStatus[]>> = {
  // "It is confirmed when the payment arrives", with the transfer's details: until it arrives.
  received: ['awaiting_payment'],
  requested: ['requested'],
  accepted: ['awaiting_payment'],
  offer: ['awaiting_payment'],
  confirmed: [...CONFIRMED, 'completed'],
  balanceReminder: ['confirmed', 'balance_due'],
  balanceFailed: ['confirmed', 'balance_due'],
  arrival: CONFIRMED,
  reminder: CONFIRMED,
  datesChanged: ['requested', 'awaiting_payment', ...CONFIRMED],
  partyChanged: ['requested', 'awaiting_payment', ...CONFIRMED],
  reviewRequest: ['completed'],
};

/** Mails about the stay ahead are pointless once it has begun (the reminder) or ended (the rest). */
const UNTIL_CHECK_IN: readonly GuestMailKind[] = ['reminder', 'balanceReminder', 'balanceFailed'];
const UNTIL_CHECK_OUT: readonly GuestMailKind[] = ['arrival', 'received', 'accepted', 'offer', 'requested'];

export function mailDependency(booking: BookingRow, kind: GuestMailKind): MailDependency | undefined {
  const statuses = TRUE_WHILE[kind];
  if (!statuses) return undefined;
  const day = UNTIL_CHECK_IN.includes(kind) ? booking.checkIn : UNTIL_CHECK_OUT.includes(kind) ? booking.checkOut : '';
  return { bookingId: booking.id, statuses, ...(day ? { notAfterDay: day } : {}) };
}

/** The delivery's check: the booking as it stands now against what the mail depended on. */
export function bookingMailCheck(db: Db): MailCheck {
  return async (dependency, now) => {
    const booking = await findBooking(db, dependency.bookingId);
    if (!booking) return 'the booking no longer exists';
    if (dependency.statuses && !dependency.statuses.includes(booking.status))
      return `the booking is ${booking.status} now`;
    // The day ends at the house, not in UTC (summer time in Lisbon is an hour ahead).
    if (dependency.notAfterDay && houseToday(now) > dependency.notAfterDay)
      return `its moment passed (${dependency.notAfterDay})`;
    return undefined;
  };
}
