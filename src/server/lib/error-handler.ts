import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

/** Fastify's own client errors (bad JSON, wrong content type, too large…) keep their status. */
export function describeError(error: FastifyError & { field?: string }): ErrorBody {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) return { status, message: 'Something went wrong on our side. Please try again later.' };
  const body: ErrorBody = { status, message: clientMessage(error, status) };
  if (error.field) body.field = error.field;
  return body;
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

/** The API's default shape: `{ error, field? }`. Stack traces stay in the log. */
export function jsonErrorHandler(error: FastifyError & { field?: string }, request: FastifyRequest, reply: FastifyReply) {
  const { status, message, field } = describeError(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(status).send(field ? { error: message, field } : { error: message });
}
