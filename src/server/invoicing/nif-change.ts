import { normalizeNif, nifProblem } from '../../shared/nif.js';
import { updateBooking } from '../stay-record/bookings-data.js';
import type { BookingRow } from '../db/schema.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { documentBeingIssued, hasIssuedDocument, retryRejected } from './invoice-documents-data.js';

/**
 * Sets the booking's tax number, by the guest or the owner, until a document of the booking was
 * issued: after that only a credit note and a new invoice change it. While one is being issued
 * (held by the invoicing job, or sent to the provider) it is refused as the correction is, since
 * the document may carry either number. A document the provider refused is tried again with the
 * new number.
 */
export async function changeNif(db: Db, booking: BookingRow, nif: string, country: string, at: string) {
  const problem = nifProblem(nif, country);
  if (problem) throw new HttpError(400, `NIF ${problem}`, 'nif');
  const plain = normalizeNif(nif, country);
  await db.transaction().execute(async (trx) => {
    if (await hasIssuedDocument(trx, booking.id))
      throw new HttpError(
        409,
        'An invoice was already issued with the tax number it had: a credit note and a new invoice change it',
      );
    if (await documentBeingIssued(trx, booking.id, at))
      throw new HttpError(
        409,
        'A document of this stay is being issued now; try again in a few minutes',
        undefined,
        'conflict',
      );
    await updateBooking(trx, booking.id, { nif: plain, nifCountry: country }, at);
    await retryRejected(trx, booking.id, at);
  });
  return { nif: plain, country };
}
