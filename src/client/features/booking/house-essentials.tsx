import type { GuestBooking } from '../../../shared/bookings';
import { property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { HouseAddress, HouseTimes } from './house-place';

/** The statuses of a stay that will happen: its guest is given the address. */
const CONFIRMED = new Set(['confirmed', 'balance_due', 'paid']);

/**
 * The house's essentials on the guest's page: the times, whom to ask, and once the stay is
 * confirmed the address with a map. From a few days before arrival the arrival details carry the
 * address and times instead, with the directions.
 */
export function HouseEssentials({ booking }: { booking: GuestBooking }) {
  const { contact, checkIn, checkOut, location } = property;
  const showPlace = !booking.arrival;
  return (
    <section
      aria-labelledby="house-title"
      className="rounded-2xl bg-white p-6 text-sm shadow-sm"
      data-testid="house-essentials"
    >
      <h2 id="house-title" className="text-lg font-semibold text-lake-800">
        {m.booking_houseTitle()}
      </h2>
      {showPlace && CONFIRMED.has(booking.status) && (
        <HouseAddress address={contact.address} latitude={location.latitude} longitude={location.longitude} />
      )}
      {showPlace && <HouseTimes from={checkIn.from} until={checkIn.until} checkOut={checkOut.until} />}
      <p className="mt-2">
        {m.booking_houseAsk()}{' '}
        <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className="whitespace-nowrap text-lake-700 underline">
          {contact.phone}
        </a>{' '}
        ·{' '}
        <a href={`mailto:${contact.email}`} className="text-lake-700 underline">
          {contact.email}
        </a>
      </p>
    </section>
  );
}
