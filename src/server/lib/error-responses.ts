import { ErrorBodySchema } from '../../shared/errors.js';
import { z } from '../../shared/zod.js';

/** A 204 has no body. */
export const NO_CONTENT = { 204: z.void() };

/** Nor does a 304. */
export const NOT_MODIFIED = { 304: z.void() };

/** Response schemas for the error statuses a route answers: each is the one error body. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<S, typeof ErrorBodySchema>;
}

/** A submission may be malformed, too large, not JSON, or one too many. */
export const SUBMISSION_ERRORS = errorResponses(400, 413, 415, 429);

/** Inside the admin scope: a bad request, no session, another origin. */
export const ADMIN_ERRORS = errorResponses(400, 401, 403);
