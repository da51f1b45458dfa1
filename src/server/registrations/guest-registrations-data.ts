import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { GuestRegistrationsTable } from '../db/schema.js';

// Every query on guest_registrations. The sealed columns are written and read as they are: only
// registrations/guest-records.ts seals and opens them.

export type GuestRegistrationRow = Selectable<GuestRegistrationsTable>;

/** Writes guest `guestIndex` of a booking, replacing what was there: the form saves as the guest goes. */
export async function upsertRegistration(db: Db, row: Insertable<GuestRegistrationsTable>): Promise<void> {
  const changes = {
    surname: row.surname,
    givenNames: row.givenNames,
    nationality: row.nationality,
    birthDateSealed: row.birthDateSealed,
    birthPlace: row.birthPlace,
    documentType: row.documentType,
    documentNumberSealed: row.documentNumberSealed,
    documentCountry: row.documentCountry,
    residenceCountry: row.residenceCountry,
    residenceTown: row.residenceTown,
    updatedAt: row.updatedAt,
  };
  await db
    .insertInto('guestRegistrations')
    .values(row)
    .onConflict((oc) => oc.columns(['bookingId', 'guestIndex']).doUpdateSet(changes))
    .execute();
}

export async function registrationsOf(db: Db, bookingId: string): Promise<GuestRegistrationRow[]> {
  return db
    .selectFrom('guestRegistrations')
    .selectAll()
    .where('bookingId', '=', bookingId)
    .orderBy('guestIndex')
    .execute();
}

export async function registrationsOfBookings(db: Db, bookingIds: readonly string[]): Promise<GuestRegistrationRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('guestRegistrations')
    .selectAll()
    .where('bookingId', 'in', bookingIds)
    .orderBy('bookingId')
    .orderBy('guestIndex')
    .execute();
}

/** The bookings that have at least one guest who is not Portuguese. */
export async function bookingsWithForeignGuests(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('guestRegistrations')
    .select('bookingId')
    .where('nationality', '<>', 'PRT')
    .distinct()
    .execute();
  return rows.map((r) => r.bookingId);
}

/** The bookings with registrations whose stay ended on `lastCheckOut` or before. */
export async function bookingsWithRegistrationsEndedBy(db: Db, lastCheckOut: string): Promise<string[]> {
  const rows = await db
    .selectFrom('guestRegistrations')
    .innerJoin('bookings', 'bookings.id', 'guestRegistrations.bookingId')
    .select('bookings.id')
    .where('bookings.checkOut', '<=', lastCheckOut)
    .distinct()
    .execute();
  return rows.map((r) => r.id);
}

export async function countRegistrations(db: Db): Promise<number> {
  const row = await db
    .selectFrom('guestRegistrations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRegistrationsOf(db: Db, bookingIds: readonly string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const result = await db.deleteFrom('guestRegistrations').where('bookingId', 'in', bookingIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}
