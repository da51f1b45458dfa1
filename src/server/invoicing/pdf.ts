import { ISSUED_AT_PROVIDER } from '../../shared/invoicing.js';
import type { Db } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { findDocument } from './invoice-documents-data.js';
import { type Invoicer, InvoicerRejected } from './invoicer.js';

/**
 * The address of an issued document's PDF, asked of the provider at each request (its links are
 * temporary), so the site's own link to it keeps working.
 */
export async function documentPdf(db: Db, invoicer: Invoicer | undefined, booking: BookingRow, paymentId: string) {
  const doc = await findDocument(db, paymentId);
  if (!doc || doc.bookingId !== booking.id || !doc.providerId || !ISSUED_AT_PROVIDER.includes(doc.status) || !invoicer)
    throw new HttpError(404, 'No such document');
  let url: string | undefined;
  try {
    url = await invoicer.pdfUrl(doc.providerId);
  } catch (error) {
    if (error instanceof InvoicerRejected) throw new HttpError(404, 'The invoicing program has no such document');
    throw new HttpError(
      502,
      'The invoicing program did not answer; try again in a moment',
      undefined,
      'payment_provider_error',
    );
  }
  if (!url) throw new HttpError(409, 'The PDF is still being made; try again in a moment');
  return url;
}

/** The site's link to a document's PDF: the owner's, or the guest's with their token. */
export const pdfPath = (code: string, paymentId: string, token?: string) =>
  token
    ? `/api/bookings/${code}/documents/${paymentId}/pdf?t=${encodeURIComponent(token)}`
    : `/api/admin/stays/${code}/documents/${paymentId}/pdf`;
