import { PORTUGAL } from '../../shared/countries.js';
import type { Movement } from '../../shared/guest-registrations.js';
import { reportDueBy } from '../../shared/registration-deadlines.js';
import { bulletinState, movementDay } from './bulletins.js';
import { todayOf, type RegistrationContext } from './context.js';
import { registrationsOfBookings } from './guest-registrations-data.js';
import { bookingsThatMayOweBulletins } from './owing.js';
import { owes } from './registration-list.js';
import { bulletinsOf } from './siba-bulletins-data.js';

export interface BulletinDue {
  bookingCode: string;
  name: string;
  movement: Movement;
  dueBy: string;
  overdue: boolean;
}

/**
 * Every bulletin due or overdue today, of the bookings with a guest who is not Portuguese: "Needs
 * action" counts them all, unpaged. A party not all checked in with no guest known to be foreign
 * is on the registrations list, awaiting its guests' data, but owes nothing yet.
 */
export async function bulletinsDue(ctx: RegistrationContext): Promise<BulletinDue[]> {
  const candidates = await bookingsThatMayOweBulletins(ctx);
  const ids = candidates.map((b) => b.id);
  const [registrations, bulletins] = await Promise.all([
    registrationsOfBookings(ctx.db, ids),
    bulletinsOf(ctx.db, ids),
  ]);
  const today = todayOf(ctx);
  const due: BulletinDue[] = [];
  for (const booking of candidates) {
    const mine = registrations.filter((r) => r.bookingId === booking.id);
    if (!owes(booking, mine)) continue;
    // A party whose nationality is still unknown awaits its guests' data: nothing is due yet
    // (docs/decisions/0056-a-bulletin-only-when-needed.md).
    if (!mine.some((r) => r.nationality !== PORTUGAL)) continue;
    for (const movement of ['arrival', 'departure'] as const) {
      const day = movementDay(booking, movement);
      const row = bulletins.find((b) => b.bookingId === booking.id && b.movement === movement);
      const state = bulletinState(day, row, today);
      if (state === 'due' || state === 'overdue')
        due.push({
          bookingCode: booking.code,
          name: booking.name,
          movement,
          dueBy: reportDueBy(day),
          overdue: state === 'overdue',
        });
    }
  }
  return due.sort((a, b) =>
    a.dueBy === b.dueBy ? a.bookingCode.localeCompare(b.bookingCode) : a.dueBy < b.dueBy ? -1 : 1,
  );
}
