import { localizeProperty } from '../../shared/content.js';
import { writeCalendar } from '../calendar/ical-export.js';
import type { BookingRow } from '../db/schema.js';
import type { BookingContext } from '../stay-record/context.js';

/** The stay as an all-day iCalendar event, with the house's address and position: the guest's download and the confirmation's attachment. */
export function stayCalendar(
  ctx: BookingContext,
  booking: Pick<BookingRow, 'id' | 'code' | 'locale' | 'checkIn' | 'checkOut' | 'datesVersion'>,
): string {
  const property = localizeProperty(ctx.property, booking.locale);
  return writeCalendar(
    [
      {
        uid: `${booking.id}@${new URL(ctx.siteUrl).hostname}`,
        start: booking.checkIn,
        end: booking.checkOut,
        summary: `${property.name} (${booking.code})`,
        location: property.contact.address,
        geo: property.location,
        // Its UID stays the booking's: after a change of dates, the calendar replaces the stay.
        sequence: booking.datesVersion,
      },
    ],
    { name: property.name, now: new Date(ctx.now()) },
  );
}
