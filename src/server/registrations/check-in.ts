import { addDays } from '../../shared/date-ranges.js';
import { CHECK_IN_OPENS_DAYS, type Guests } from '../../shared/guest-registrations.js';
import type { BookingStatus } from '../../shared/booking-status.js';
import type { BookingRow } from '../db/schema.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { isComplete } from './guest-records.js';
import { registrationsOf } from './guest-registrations-data.js';

/** The bookings whose guests check in: the stay is confirmed (deposit or all paid), or it ended. */
export const CHECK_IN_STATUSES: readonly BookingStatus[] = ['confirmed', 'balance_due', 'paid', 'completed'];

export const checkInOpensAt = (booking: Pick<BookingRow, 'checkIn'>) => addDays(booking.checkIn, -CHECK_IN_OPENS_DAYS);

/** Refuses a save when check-in is not open: before its first day, after the stay, or an unconfirmed booking. */
export function assertCheckInOpen(booking: BookingRow, today: string): void {
  if (!CHECK_IN_STATUSES.includes(booking.status) || today < checkInOpensAt(booking) || today > booking.checkOut)
    throw new HttpError(
      409,
      `Online check-in opens on ${checkInOpensAt(booking)} for a confirmed booking`,
      undefined,
      'check_in_not_open',
    );
}

/**
 * GET /api/bookings/:code/guests: each guest's nationality, whether their part is complete, and
 * what they saved that is not sealed, so a reloaded page shows it again; never the document
 * number or the date of birth (docs/decisions/0056-a-bulletin-only-when-needed.md).
 */
export async function guestsView(db: Db, booking: BookingRow): Promise<Guests> {
  const rows = await registrationsOf(db, booking.id);
  return {
    opensAt: checkInOpensAt(booking),
    guests: Array.from({ length: booking.guests }, (_, i) => {
      const row = rows.find((r) => r.guestIndex === i + 1);
      return {
        index: i + 1,
        nationality: row?.nationality ?? null,
        complete: row ? isComplete(row) : false,
        saved: row
          ? {
              surname: row.surname,
              givenNames: row.givenNames,
              birthPlace: row.birthPlace,
              documentType: row.documentType,
              documentCountry: row.documentCountry,
              residenceCountry: row.residenceCountry,
              residenceTown: row.residenceTown,
            }
          : null,
      };
    }),
  };
}
