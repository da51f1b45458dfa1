import { PORTUGAL } from '../../shared/countries.js';
import type { RegistrationList } from '../../shared/guest-registrations.js';
import { reportDueBy } from '../../shared/registration-deadlines.js';
import type { BookingRow } from '../db/schema.js';
import type { Cursor } from '../lib/cursor.js';
import { keysetPage } from '../lib/cursor.js';
import { bulletinState, movementDay } from './bulletins.js';
import type { RegistrationContext } from './context.js';
import { todayOf } from './context.js';
import { isComplete } from './guest-records.js';
import { registrationsOfBookings } from './guest-registrations-data.js';
import { bookingsThatMayOweBulletins } from './owing.js';
import { bulletinsOf, type SibaBulletinRow } from './siba-bulletins-data.js';

const PAGE = 50;

function bulletin(
  booking: BookingRow,
  row: SibaBulletinRow | undefined,
  movement: 'arrival' | 'departure',
  today: string,
  needed: boolean,
) {
  const day = movementDay(booking, movement);
  return {
    dueBy: reportDueBy(day),
    state: bulletinState(day, row, today, needed),
    sentVia: row?.status === 'sent' ? row.sentVia : null,
    sentAt: row?.status === 'sent' ? row.sentAt : null,
    testAcceptedAt: row?.status === 'test_accepted' ? row.sentAt : null,
    error:
      row?.status === 'rejected' && row.errorCode !== null
        ? { code: row.errorCode, line: row.errorLine, text: row.errorText ?? '' }
        : null,
  };
}

/** A guest who is not Portuguese, or a party not all checked in, whose nationality is unknown. */
export function owes(
  booking: BookingRow,
  rows: ReadonlyArray<{ nationality: string } & Parameters<typeof isComplete>[0]>,
) {
  const allComplete = rows.length >= booking.guests && rows.every(isComplete);
  return rows.some((r) => r.nationality !== PORTUGAL) || !allComplete;
}

/**
 * The owner's list: one line per booking with a guest who is not Portuguese, or whose party has
 * not all checked in (nationality unknown: every stay from every channel), latest arrival first. The house has few bookings, so they are read whole and paged here.
 */
export async function registrationList(ctx: RegistrationContext, after: Cursor | undefined): Promise<RegistrationList> {
  const candidates = await bookingsThatMayOweBulletins(ctx);
  const known = await registrationsOfBookings(
    ctx.db,
    candidates.map((b) => b.id),
  );
  const bookings = candidates
    .filter((b) =>
      owes(
        b,
        known.filter((r) => r.bookingId === b.id),
      ),
    )
    .sort((a, b) => (a.checkIn === b.checkIn ? (a.id < b.id ? 1 : -1) : a.checkIn < b.checkIn ? 1 : -1))
    .filter((b) => !after || b.checkIn < after.createdAt || (b.checkIn === after.createdAt && b.id < after.id));
  const page = keysetPage(bookings.slice(0, PAGE + 1), PAGE, (b) => b.checkIn);
  const ids = page.items.map((b) => b.id);
  const [registrations, bulletins] = await Promise.all([
    registrationsOfBookings(ctx.db, ids),
    bulletinsOf(ctx.db, ids),
  ]);
  const today = todayOf(ctx);
  return {
    service: ctx.siba.service,
    items: page.items.map((booking) => {
      const mine = bulletins.filter((b) => b.bookingId === booking.id);
      // Listed, so it owes a bulletin or may: it does once a guest is known to be foreign.
      const needed = registrations.some((r) => r.bookingId === booking.id && r.nationality !== PORTUGAL);
      return {
        bookingCode: booking.code,
        checkIn: booking.checkIn,
        checkOut: booking.checkOut,
        guestsDue: booking.guests,
        guestsComplete: registrations.filter((r) => r.bookingId === booking.id && isComplete(r)).length,
        nationalityUnknown: !needed,
        arrival: bulletin(
          booking,
          mine.find((b) => b.movement === 'arrival'),
          'arrival',
          today,
          needed,
        ),
        departure: bulletin(
          booking,
          mine.find((b) => b.movement === 'departure'),
          'departure',
          today,
          needed,
        ),
      };
    }),
    nextCursor: page.nextCursor,
  };
}
