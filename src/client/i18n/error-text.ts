import { languageOf } from '../../shared/locales';
import { pageLocale, property } from './locale';
import { GUESTS_MIN } from '../../shared/constants';
import type { ErrorCode } from '../../shared/errors';
import { ApiError } from '../lib/api';
import { m } from './paraglide/messages';

const byCode: Record<ErrorCode, () => string> = {
  invalid_field: m.errors_byCode_invalid_field,
  invalid_body: m.errors_byCode_invalid_body,
  unsupported_media_type: m.errors_byCode_unsupported_media_type,
  payload_too_large: m.errors_byCode_payload_too_large,
  unauthorized: m.errors_byCode_unauthorized,
  forbidden: m.errors_byCode_forbidden,
  not_found: m.errors_byCode_not_found,
  conflict: m.errors_byCode_conflict,
  rate_limited: m.errors_byCode_rate_limited,
  dates_unavailable: m.errors_byCode_dates_unavailable,
  booking_nights: m.errors_byCode_booking_nights,
  gone: m.errors_byCode_gone,
  payments_unavailable: m.errors_byCode_payments_unavailable,
  payment_provider_error: m.errors_byCode_payment_provider_error,
  busy: m.errors_byCode_busy,
  draft_conflict: m.errors_byCode_draft_conflict,
  content_read_only: m.errors_byCode_content_read_only,
  photo_heic: m.errors_byCode_photo_heic,
  photo_too_many_pixels: m.errors_byCode_photo_too_many_pixels,
  photo_unreadable: m.errors_byCode_photo_unreadable,
  photo_in_use: m.errors_byCode_photo_in_use,
  check_in_not_open: m.errors_byCode_check_in_not_open,
  registration_retained: m.errors_byCode_registration_retained,
  siba_unavailable: m.errors_byCode_siba_unavailable,
  no_guest_email: m.errors_byCode_no_guest_email,
  reauth_required: m.errors_byCode_reauth_required,
  internal: m.errors_byCode_internal,
};

/** A field the server refused although the form's own check passed (a day that passed meanwhile…). */
const byField: Record<string, () => string> = {
  name: m.errors_byField_name,
  email: m.errors_byField_email,
  guests: () => m.errors_byField_guests({ min: GUESTS_MIN, max: property.capacity }),
  adults: () => m.errors_byField_guests({ min: GUESTS_MIN, max: property.capacity }),
  childrenAges: m.booking_childAgeMissing,
  checkIn: m.errors_byField_checkIn,
  checkOut: m.errors_byField_checkOut,
  message: m.errors_byField_message,
  clientName: m.errors_byField_clientName,
  comment: m.errors_byField_comment,
  phone: m.errors_byField_phone,
  country: m.errors_byField_country,
  acceptTerms: m.errors_byField_acceptTerms,
  paymentMethod: m.errors_byField_paymentMethod,
};

/** A list's field by its name: `childrenAges.1` is `childrenAges`. */
const fieldName = (field: string) => field.replace(/\.\d+$/, '');

/**
 * What to tell a guest about a failed request, chosen from the error's `code` and `field` (never
 * from the server's English `message`), in the page's language.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return m.errors_network();
  if (error.code === 'rate_limited' && error.retryAfterSeconds !== undefined) {
    return m.errors_rateLimited({ minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
  }
  const forField = error.code === 'invalid_field' && error.field ? byField[fieldName(error.field)] : undefined;
  return forField ? forField() : byCode[error.code]();
}

/**
 * What to tell a guest about a problem the form's own check found: the shared schema's words on an
 * English page (they are English), the catalog's by field in any other language.
 */
export function problemText(problem: { field: string; message: string }): string {
  if (languageOf(pageLocale) === 'en') return problem.message;
  return byField[fieldName(problem.field)]?.() ?? m.errors_byCode_invalid_field();
}
