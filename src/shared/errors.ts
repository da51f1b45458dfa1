import { z } from './zod.js';

/**
 * What every failed API request answers: `{"error":{"code","message","field"?}}`. The client picks
 * the text it shows from `code` (and `field`), in the page's language; `message` is English, for
 * logs, scripts and the admin screens. See docs/decisions/0009-error-body.md.
 */
export const ERROR_CODES = [
  'invalid_field',
  'invalid_body',
  'unsupported_media_type',
  'payload_too_large',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  /** 421: the request's host is none of the install's houses' (docs/decisions/0071-houses-and-hosts.md). */
  'unknown_host',
  /** The stay's dates overlap a night that is already taken. */
  'dates_unavailable',
  /** The nights belong to a booking: only its own cancellation, decline or expiry frees them. */
  'booking_nights',
  /** A link that was valid once: used, or past its time. */
  'gone',
  /** The chosen way of paying is not set up on this site. */
  'payments_unavailable',
  /** An offer's guest must accept its terms on the booking page before choosing how to pay or paying. */
  'terms_not_accepted',
  /** The payment provider could not be reached or refused the request; nothing was charged. */
  'payment_provider_error',
  /** A booking's party (adults, children's ages) is not the one its price was shown for: nothing was booked. */
  'party_mismatch',
  /** The owner's change of party names the party the booking already has: nothing changed. */
  'same_party',
  /** The server is too busy for this request now; `Retry-After` says when to come back. */
  'busy',
  /** The content draft (or the published version) changed since the editor read it: nothing was written. */
  'draft_conflict',
  /** CONTENT_SOURCE=files: the content is the files in CONTENT_DIR, not editable from /admin. */
  'content_read_only',
  /** A publish that turns online check-in on while DATA_ENCRYPTION_KEY is not set; the message says how to set it. */
  'data_key_missing',
  /** An uploaded photo is HEIC (an iPhone's own format), which browsers cannot show. */
  'photo_heic',
  /** An uploaded photo has more pixels than PHOTO_MAX_PIXELS. */
  'photo_too_many_pixels',
  /** An uploaded photo's header is sound but its image cannot be decoded: damaged or cut short. */
  'photo_unreadable',
  /** The published content shows this photo, so it cannot be deleted yet. */
  'photo_in_use',
  /** Online check-in is not open for this booking: before its day, or the booking is not confirmed. */
  'check_in_not_open',
  /** Erasure refused: SIBA registrations are kept one year after the departure was reported (GDPR art. 17(3)(b)). */
  'registration_retained',
  /** The SIBA web service is not set up, or gave no usable answer; the bulletin is tried again later. */
  'siba_unavailable',
  /** The guest link cannot be mailed: the stay has no guest e-mail (the owner copies the link from its page). */
  'no_guest_email',
  /** The owner recorded money on a booking that expired meanwhile (its nights freed): nothing was recorded. */
  'booking_expired',
  /** A sensitive action: the session must prove the password or the second factor again (5 minutes). */
  'reauth_required',
  /** Too many wrong second-factor codes across the site: the second step is refused for everyone; `Retry-After` says for how long. */
  'second_factor_paused',
  /** "Refund sent" for a payment that is not a refund by transfer still waiting to be sent. */
  'not_pending_transfer_refund',
  /** "Refund by bank transfer instead" for a payment that is not a failed refund still to finish. */
  'not_failed_refund',
  /** The password was right; the login waits for the second factor (a code or a passkey). */
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem of a refused document: its field's path (`hero.headline.pt-PT`) and what is wrong. */
export const FieldIssueSchema = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Only when one field of the request is at fault: its path, such as `checkOut`. */
    field: z.string().optional(),
    /** Every problem of a refused content document, `field` being the first one's. */
    issues: z.array(FieldIssueSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
