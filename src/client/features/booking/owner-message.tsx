import type { GuestBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';

/** The owner's own words with an offer, as they typed them (shown as text, never as HTML). */
export function OwnerMessage({ booking }: { booking: GuestBooking }) {
  if (!booking.ownerMessage) return null;
  return (
    <section data-testid="owner-message" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
      <h2 className="font-semibold text-lake-800">{m.booking_ownerMessageTitle()}</h2>
      <p className="mt-2 break-words whitespace-pre-line text-slate-800">{booking.ownerMessage}</p>
    </section>
  );
}
