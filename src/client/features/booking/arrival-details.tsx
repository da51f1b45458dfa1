import type { Arrival } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { HouseAddress, HouseTimes } from './house-place';

/** How to get there and in: shown on the guest's own page from a few days before the stay until its end. */
export function ArrivalDetails({ arrival }: { arrival: Arrival }) {
  const parts: Array<[string, string]> = [
    [m.booking_arrivalFromLisbon(), arrival.directions.fromLisbon],
    [m.booking_arrivalFromPorto(), arrival.directions.fromPorto],
    [m.booking_arrivalParking(), arrival.parking],
    [m.booking_arrivalDoor(), arrival.doorInstructions],
    ...arrival.manual.map((part): [string, string] => [part.title, part.text]),
  ];
  return (
    <section
      aria-labelledby="arrival-title"
      className="rounded-2xl bg-white p-6 text-sm shadow-sm"
      data-testid="arrival"
    >
      <h2 id="arrival-title" className="text-lg font-semibold text-lake-800">
        {m.booking_arrivalTitle()}
      </h2>
      <HouseAddress address={arrival.address} latitude={arrival.latitude} longitude={arrival.longitude} />
      <HouseTimes from={arrival.checkInFrom} until={arrival.checkInUntil} checkOut={arrival.checkOutUntil} />
      <dl className="mt-3 space-y-2">
        {parts.map(([title, text]) => (
          <div key={title}>
            <dt className="font-medium text-slate-900">{title}</dt>
            <dd className="whitespace-pre-line text-slate-700">{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
