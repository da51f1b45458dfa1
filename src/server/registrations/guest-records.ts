import { randomUUID } from 'node:crypto';
import { PORTUGAL } from '../../shared/countries.js';
import type { DocumentType, GuestRegistrationInput } from '../../shared/guest-registrations.js';
import type { Db } from '../db/database.js';
import type { DataCipher } from '../lib/data-encryption.js';
import { type GuestRegistrationRow, registrationsOf, upsertRegistration } from './guest-registrations-data.js';

/** One guest's registration in clear, as the bulletin and the owner read it. */
export interface GuestRecord {
  index: number;
  surname: string;
  givenNames: string;
  nationality: string;
  birthDate: string | null;
  birthPlace: string | null;
  documentType: DocumentType | null;
  documentNumber: string | null;
  documentCountry: string | null;
  residenceCountry: string | null;
  residenceTown: string | null;
}

// Each sealed value is bound to its booking, guest and column (lib/data-encryption.ts).
const context = (bookingId: string, index: number, column: string) => `${bookingId}:${index}:${column}`;

export async function saveGuest(
  db: Db,
  cipher: DataCipher,
  bookingId: string,
  index: number,
  input: GuestRegistrationInput,
  now: string,
): Promise<void> {
  const foreign = 'birthDate' in input ? input : undefined;
  await upsertRegistration(db, {
    id: randomUUID(),
    bookingId,
    guestIndex: index,
    surname: input.surname,
    givenNames: input.givenNames,
    nationality: input.nationality,
    birthDateSealed: foreign?.birthDate ? cipher.seal(foreign.birthDate, context(bookingId, index, 'birthDate')) : null,
    birthPlace: foreign?.birthPlace ?? null,
    documentType: foreign?.documentType ?? null,
    documentNumberSealed: foreign?.documentNumber
      ? cipher.seal(foreign.documentNumber, context(bookingId, index, 'documentNumber'))
      : null,
    documentCountry: foreign?.documentCountry ?? null,
    residenceCountry: foreign?.residenceCountry ?? null,
    residenceTown: foreign?.residenceTown ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

export function openRecord(cipher: DataCipher, row: GuestRegistrationRow): GuestRecord {
  const open = (sealed: string | null, column: string) =>
    sealed === null ? null : cipher.open(sealed, context(row.bookingId, row.guestIndex, column));
  return {
    index: row.guestIndex,
    surname: row.surname,
    givenNames: row.givenNames,
    nationality: row.nationality,
    birthDate: open(row.birthDateSealed, 'birthDate'),
    birthPlace: row.birthPlace,
    documentType: row.documentType,
    documentNumber: open(row.documentNumberSealed, 'documentNumber'),
    documentCountry: row.documentCountry,
    residenceCountry: row.residenceCountry,
    residenceTown: row.residenceTown,
  };
}

export async function guestRecordsOf(db: Db, cipher: DataCipher, bookingId: string): Promise<GuestRecord[]> {
  return (await registrationsOf(db, bookingId)).map((row) => openRecord(cipher, row));
}

/** Whether a stored guest gave all the bulletin needs: the name for a Portuguese guest, every field for another. */
export function isComplete(
  row: Pick<
    GuestRegistrationRow,
    | 'nationality'
    | 'birthDateSealed'
    | 'documentType'
    | 'documentNumberSealed'
    | 'documentCountry'
    | 'residenceCountry'
    | 'residenceTown'
  >,
): boolean {
  if (row.nationality === PORTUGAL) return true;
  return Boolean(
    row.birthDateSealed &&
    row.documentType &&
    row.documentNumberSealed &&
    row.documentCountry &&
    row.residenceCountry &&
    row.residenceTown,
  );
}
