import { addDays } from '../../shared/date-ranges.js';
import type { Arrival } from '../../shared/bookings.js';
import { localizeProperty } from '../../shared/content.js';
import { languageOf } from '../../shared/locales.js';
import type { BookingRow } from '../db/schema.js';
import type { MailBlock } from '../mail/templates/mail-blocks.js';
import { type BookingContext, today } from './context.js';
import { ARRIVAL_HEADINGS } from './mail-texts.js';
import { houseTimeOf } from './house-time.js';

const STAYING = ['confirmed', 'balance_due', 'paid'];

/** The arrival instructions in the booking's language, door included; undefined without them in the content. */
export function arrivalOf(ctx: BookingContext, booking: Pick<BookingRow, 'locale'>): Arrival | undefined {
  const property = localizeProperty(ctx.property, booking.locale);
  const arrival = property.arrival;
  if (!arrival) return undefined;
  return {
    address: property.contact.address,
    latitude: property.location.latitude,
    longitude: property.location.longitude,
    checkInFrom: property.checkIn.from,
    checkInUntil: property.checkIn.until,
    checkOutUntil: property.checkOut.until,
    directions: arrival.directions,
    parking: arrival.parking,
    manual: arrival.manual,
    doorInstructions: arrival.doorInstructions,
  };
}

/** The first day the guest sees them: the content's `arrival.daysBefore` days before check-in. */
export const arrivalDay = (ctx: BookingContext, checkIn: string) =>
  addDays(checkIn, -(ctx.property.arrival?.daysBefore ?? 3));

/** The guest's page shows them from the arrival mail's time (09:00 at the house that day) until check-out, for a stay that is on. */
export function visibleArrival(ctx: BookingContext, booking: BookingRow): Arrival | null {
  if (
    !STAYING.includes(booking.status) ||
    ctx.now() < houseTimeOf(arrivalDay(ctx, booking.checkIn), 9) ||
    today(ctx) > booking.checkOut
  )
    return null;
  return arrivalOf(ctx, booking) ?? null;
}

/** The instructions as the arrival mail's parts. */
export function arrivalBlocks(arrival: Arrival, locale: string): MailBlock[] {
  const h = ARRIVAL_HEADINGS[languageOf(locale) as keyof typeof ARRIVAL_HEADINGS] ?? ARRIVAL_HEADINGS.en;
  const section = (title: string, text: string): MailBlock => ({ kind: 'section', title, text });
  return [
    section(h.address, arrival.address),
    {
      kind: 'action',
      text: h.map,
      label: h.openMap,
      url: `https://www.openstreetmap.org/?mlat=${arrival.latitude}&mlon=${arrival.longitude}#map=15/${arrival.latitude}/${arrival.longitude}`,
    },
    section(h.fromLisbon, arrival.directions.fromLisbon),
    section(h.fromPorto, arrival.directions.fromPorto),
    section(h.parking, arrival.parking),
    section(h.door, arrival.doorInstructions),
    ...arrival.manual.map((part) => section(part.title, part.text)),
  ];
}
