import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/errors.js';
import { codeForStatus, HttpError } from './http-error.js';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';

/**
 * The one body every failed request answers with (docs/decisions/0009-error-body.md). Fastify's own
 * client errors (bad JSON, wrong content type, too large…) keep their status; stack traces stay in
 * the log.
 */
function describeError(error: FastifyError & { field?: string }): { status: number; body: ErrorBody } {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  // A deliberate 5xx (payments not set up, the payment service down) says so; any other hides its cause.
  if (status >= 500 && !(error instanceof HttpError))
    return { status, body: { error: { code: 'internal', message: INTERNAL_MESSAGE } } };
  const field = typeof error.field === 'string' && error.field ? error.field : undefined;
  const code = error instanceof HttpError ? error.code : codeForStatus(status, field);
  const issues = error instanceof HttpError && error.issues ? { issues: [...error.issues] } : {};
  return {
    status,
    body: { error: { code, message: clientMessage(error, status), ...(field ? { field } : {}), ...issues } },
  };
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The request must be JSON (Content-Type: application/json)';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    default:
      return status === 429 ? error.message || 'Too many requests' : error.message;
  }
}

export function jsonErrorHandler(
  error: FastifyError & { field?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, body } = describeError(error);
  if (status >= 500 && !(error instanceof HttpError)) request.log.error({ err: error }, 'request failed');
  return reply.code(status).send(body);
}
