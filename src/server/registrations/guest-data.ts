import { PORTUGAL } from '../../shared/countries.js';
import type { GuestData } from '../../shared/guest-data.js';
import { findBookingByCode } from '../bookings/bookings-data.js';
import type { BookingRow } from '../db/schema.js';
import type { Db } from '../db/database.js';
import type { DataCipher } from '../lib/data-encryption.js';
import { CHECK_IN_STATUSES } from './check-in.js';
import { openRecord } from './guest-records.js';
import { deleteRegistrationsOf, registrationsOf } from './guest-registrations-data.js';
import { bulletinsOf, deleteBulletinsOf, departuresReportedBefore } from './siba-bulletins-data.js';

export const RETAINED_MESSAGE =
  "Kept by law: a guest's SIBA registration is kept for one year after the departure was reported (Lei 23/2007, art. 15.º n.º 5), so erasure does not apply (GDPR art. 17(3)(b)); it is deleted then";

/** The registrations of the bookings a guest-data search found, opened, for the export. */
export async function registrationsForExport(
  db: Db,
  cipher: DataCipher | undefined,
  bookings: ReadonlyArray<Pick<BookingRow, 'code'>>,
): Promise<GuestData['registrations']> {
  if (!cipher) return [];
  const out: GuestData['registrations'] = [];
  for (const { code } of bookings) {
    const booking = await findBookingByCode(db, code);
    if (!booking) continue;
    for (const row of await registrationsOf(db, booking.id)) {
      const { index, ...record } = openRecord(cipher, row);
      out.push({ bookingCode: code, index, ...record });
    }
  }
  return out;
}

/**
 * Erases the registrations of these bookings, except those the law keeps: a booking whose foreign
 * guests were (or are to be) reported to SIBA keeps them until the sweep deletes them, one year
 * after its departure was reported.
 */
export async function eraseRegistrations(db: Db, codes: readonly string[]) {
  let erased = 0;
  const retained: Array<{ bookingCode: string; code: 'registration_retained'; message: string }> = [];
  for (const code of codes) {
    const booking = await findBookingByCode(db, code);
    if (!booking) continue;
    const rows = await registrationsOf(db, booking.id);
    const foreign = rows.some((r) => r.nationality !== PORTUGAL);
    const reported = (await bulletinsOf(db, [booking.id])).some((b) => b.status === 'sent');
    if (foreign && (reported || CHECK_IN_STATUSES.includes(booking.status))) {
      retained.push({ bookingCode: code, code: 'registration_retained', message: RETAINED_MESSAGE });
      continue;
    }
    erased += await deleteRegistrationsOf(db, [booking.id]);
    await deleteBulletinsOf(db, [booking.id]);
  }
  return { erased, retained };
}

/**
 * The sweep's part: the registrations, and their bulletins, of each booking whose departure was
 * reported more than a year and a day ago (Lei 23/2007, art. 15.º n.º 5: one year from the day
 * after the report).
 */
export async function deleteRegistrationsPastRetention(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 1);
  cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  const bookingIds = await departuresReportedBefore(db, cutoff.toISOString());
  const deleted = await deleteRegistrationsOf(db, bookingIds);
  await deleteBulletinsOf(db, bookingIds);
  return deleted;
}
