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
  /** The stay's dates overlap a night that is already taken. */
  'dates_unavailable',
  /** A link that was valid once: used, or past its time. */
  'gone',
  /** The chosen way of paying is not set up on this site. */
  'payments_unavailable',
  /** The payment provider could not be reached or refused the request; nothing was charged. */
  'payment_provider_error',
  /** The server is too busy for this request now; `Retry-After` says when to come back. */
  'busy',
  /** The content draft changed since the editor loaded it: another tab or person saved or published. */
  'draft_conflict',
  /** The content comes from files (CONTENT_SOURCE=files): the editor can only read it. */
  'content_read_only',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Only when one field of the request is at fault: its path, such as `checkOut`. */
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
