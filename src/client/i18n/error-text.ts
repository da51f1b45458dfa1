import { property } from './locale';
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
  unknown_host: m.errors_byCode_unknown_host,
  dates_unavailable: m.errors_byCode_dates_unavailable,
  booking_nights: m.errors_byCode_booking_nights,
  gone: m.errors_byCode_gone,
  payments_unavailable: m.errors_byCode_payments_unavailable,
  terms_not_accepted: m.errors_byCode_terms_not_accepted,
  payment_provider_error: m.errors_byCode_payment_provider_error,
  party_mismatch: m.errors_byCode_party_mismatch,
  same_party: m.errors_byCode_same_party,
  busy: m.errors_byCode_busy,
  draft_conflict: m.errors_byCode_draft_conflict,
  content_read_only: m.errors_byCode_content_read_only,
  data_key_missing: m.errors_byCode_data_key_missing,
  photo_heic: m.errors_byCode_photo_heic,
  photo_too_many_pixels: m.errors_byCode_photo_too_many_pixels,
  photo_unreadable: m.errors_byCode_photo_unreadable,
  photo_in_use: m.errors_byCode_photo_in_use,
  check_in_not_open: m.errors_byCode_check_in_not_open,
  registration_retained: m.errors_byCode_registration_retained,
  siba_unavailable: m.errors_byCode_siba_unavailable,
  no_guest_email: m.errors_byCode_no_guest_email,
  booking_expired: m.errors_byCode_booking_expired,
  reauth_required: m.errors_byCode_reauth_required,
  second_factor_paused: m.errors_byCode_second_factor_paused,
  not_pending_transfer_refund: m.errors_byCode_not_pending_transfer_refund,
  not_failed_refund: m.errors_byCode_not_failed_refund,
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
  nif: m.errors_byField_nif,
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
  if (error.code === 'second_factor_paused' && error.retryAfterSeconds !== undefined) {
    return m.login_secondFactorPaused({ minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
  }
  const forField = error.code === 'invalid_field' && error.field ? byField[fieldName(error.field)] : undefined;
  return forField ? forField() : byCode[error.code]();
}

/** An empty required field: what to fill, not what is wrong ("Choose your country"). */
const whenMissing: Record<string, () => string> = {
  name: m.errors_missing_name,
  email: m.errors_missing_email,
  clientName: m.errors_missing_clientName,
  comment: m.errors_missing_comment,
  country: m.errors_missing_country,
  nif: m.errors_missing_nif,
};

/** A guest's registration field (online check-in): what to fill, or what a refused value must look like. */
const registration: Record<string, { missing: () => string; invalid?: () => string }> = {
  surname: { missing: m.errors_registration_surname },
  givenNames: { missing: m.errors_registration_givenNames },
  nationality: { missing: m.errors_registration_nationality },
  birthDate: { missing: m.errors_registration_birthDate, invalid: m.errors_registration_birthDateFormat },
  birthPlace: { missing: m.errors_registration_birthPlace },
  documentType: { missing: m.errors_registration_documentType },
  documentNumber: {
    missing: m.errors_registration_documentNumber,
    invalid: m.errors_registration_documentNumberFormat,
  },
  documentCountry: { missing: m.errors_registration_documentCountry },
  residenceCountry: { missing: m.errors_registration_residenceCountry },
  residenceTown: { missing: m.errors_registration_residenceTown },
};

/**
 * What to tell a guest about a field the form's own check (or the server) refused, always from the
 * catalog in the page's language, never the shared schema's English words: `missing` when the
 * guest left it empty. `childrenAges.1` is the second child's age.
 */
export function fieldErrorText(field: string, missing: boolean): string {
  const child = /^childrenAges\.(\d+)$/.exec(field);
  if (child) return m.errors_childAgeOf({ n: Number(child[1]) + 1 });
  const name = fieldName(field);
  if (missing && whenMissing[name]) return whenMissing[name]();
  const text = byField[name];
  if (text) return text();
  const own = registration[name];
  if (own) return missing ? own.missing() : (own.invalid ?? m.checkIn_fieldInvalid)();
  return m.errors_byCode_invalid_field();
}
