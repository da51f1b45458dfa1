import { m } from '../../i18n/paraglide/messages';

/** The house's address with a link to its map (OpenStreetMap: no tracking, no key). */
export function HouseAddress({
  address,
  latitude,
  longitude,
}: {
  address: string;
  latitude: number;
  longitude: number;
}) {
  const map = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
  return (
    <p className="mt-2">
      <strong>{m.booking_arrivalAddress()}:</strong> {address} ·{' '}
      <a href={map} target="_blank" rel="noopener noreferrer" className="text-lake-700 underline">
        {m.booking_arrivalMap()}
      </a>
    </p>
  );
}

/** "Check-in from 15:00 to 20:00; check-out until 11:00." */
export function HouseTimes({ from, until, checkOut }: { from: string; until: string; checkOut: string }) {
  return <p className="mt-1">{m.booking_arrivalTimes({ from, until, checkOut })}</p>;
}
