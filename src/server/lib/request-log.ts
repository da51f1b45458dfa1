import type { FastifyRequest } from 'fastify';

/** Paths whose query names a guest (a search by e-mail or name): logged without it. */
const PRIVATE_QUERIES = ['/api/admin/guest-data'];

/**
 * What the log keeps of a request: Fastify's default fields, but never a guest search's e-mail
 * address or name, which would otherwise stay in the logs after the guest's data was erased.
 */
export function requestForLog(request: FastifyRequest) {
  const [path = '', query] = request.url.split('?', 2);
  const url = query !== undefined && PRIVATE_QUERIES.includes(path) ? `${path}?…` : request.url;
  return { method: request.method, url, host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
