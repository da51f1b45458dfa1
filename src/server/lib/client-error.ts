import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../shared/errors.js';
import { codeForStatus } from './http-error.js';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a lowercase method, headers too
 * large, too slow) get the same error body as every route (docs/decisions/0009-error-body.md),
 * written straight to the socket as Fastify's own handler does.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Client Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Exceeded maximum allowed HTTP header size']
        : [400, 'Client Error'];
  const body: ErrorBody = { error: { code: codeForStatus(status), message } };
  const json = JSON.stringify(body);
  // By code and reason only: the error carries the raw request bytes (rawPacket), which may hold a
  // token in the URL or the session cookie (docs/decisions/0018-client-addresses-and-logs.md).
  this.log.trace({ code: error.code, reason: (error as { reason?: string }).reason }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
