import type { z } from 'zod';
import type { ErrorCode, FieldIssue } from '../../shared/errors.js';
import { firstIssue } from '../../shared/text.js';

/** The code an error of this status answers with, unless it names its own. */
export function codeForStatus(status: number, field?: string): ErrorCode {
  switch (status) {
    case 400:
      return field ? 'invalid_field' : 'invalid_body';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
    case 414:
    case 431:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'internal' : 'invalid_body';
  }
}

/** An error whose message is safe to show to the client. */
export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    code?: ErrorCode,
    /** Every problem of a refused document, for the error body's `issues`. */
    readonly issues?: readonly FieldIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? codeForStatus(statusCode, field);
  }
}

/**
 * A failed parse of untrusted input as the API reports it: 400 naming the first field at fault, or
 * no field when the input as a whole has the wrong shape (an array where an object belongs).
 */
export function validationError(error: z.ZodError): HttpError {
  const { message, field } = firstIssue(error);
  return new HttpError(400, message, error.issues[0]?.path.length ? field : undefined);
}
