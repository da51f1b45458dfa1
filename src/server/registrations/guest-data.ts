import { PORTUGAL } from '../../shared/countries.js';
import type { GuestData } from '../../shared/guest-data.js';
import { findBookingByCode } from '../stay-record/bookings-data.js';
import { deleteRefundAccountsEndedBy } from '../stay-record/refund-accounts-data.js';
import type { BookingRow } from '../db/schema.js';
import type { Db } from '../db/database.js';
import type { DataCipher } from '../lib/data-encryption.js';
import { CHECK_IN_STATUSES } from './check-in.js';
import { openRecord } from './guest-records.js';
import {
  bookingsWithRegistrationsEndedBy,
  deleteRegistrationsOf,
  registrationsOf,
} from './guest-registrations-data.js';
import { houseToday } from '../../shared/dates.js';
import {
  bulletinsOf,
  deleteBulletinsOf,
  departuresReportedBefore,
  departuresReportedOf,
} from './siba-bulletins-data.js';

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
 * The sweep's part, deleting registrations with their bulletins (decision 0027):
 * - a booking whose departure was reported: a year and a day after the report (Lei 23/2007,
 *   art. 15.º n.º 5: one year from the day after it);
 * - any other (Portuguese guests only, a cancelled or expired booking, a bulletin never sent):
 *   one year after the stay's end, on the house's calendar, since no report will keep them;
 *   so does the IBAN a guest gave for a refund by transfer.
 */
export async function deleteRegistrationsPastRetention(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 1);
  cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  const reportedLongAgo = await departuresReportedBefore(db, cutoff.toISOString());
  const today = houseToday(now.getTime());
  // A year back as text: on 29 February it matches no day, and "≤" still compares right.
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const ended = await bookingsWithRegistrationsEndedBy(db, yearAgo);
  const reported = await departuresReportedOf(db, ended);
  const bookingIds = [...new Set([...reportedLongAgo, ...ended.filter((id) => !reported.has(id))])];
  const deleted = await deleteRegistrationsOf(db, bookingIds);
  await deleteBulletinsOf(db, bookingIds);
  // The IBAN a guest gave for a refund goes on the same day as documents no report keeps (decision 0054).
  await deleteRefundAccountsEndedBy(db, yearAgo);
  return deleted;
}
