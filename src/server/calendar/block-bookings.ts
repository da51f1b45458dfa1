import type { AdminBlock } from '../../shared/calendar.js';
import { bookingsByIds } from '../stay-record/bookings-data.js';
import type { Db } from '../db/database.js';

type StoredBlock = Omit<AdminBlock, 'booking'> & { bookingId: string | null };

/** The blocks as the owner's calendar lists them: a booking's nights name their booking and its status. */
export async function withBookings(db: Db, blocks: readonly StoredBlock[]): Promise<AdminBlock[]> {
  const ids = [...new Set(blocks.flatMap((b) => (b.bookingId ? [b.bookingId] : [])))];
  const bookings = new Map((await bookingsByIds(db, ids)).map((b) => [b.id, b]));
  return blocks.map(({ bookingId, ...block }) => {
    const booking = bookingId ? bookings.get(bookingId) : undefined;
    return { ...block, booking: booking ? { code: booking.code, name: booking.name, status: booking.status } : null };
  });
}
