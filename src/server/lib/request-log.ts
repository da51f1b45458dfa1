import type { FastifyRequest } from 'fastify';

/** Paths whose query names a guest (a search by e-mail or name): logged without it. */
const PRIVATE_QUERIES = ['/api/admin/guest-data'];

/**
 * Route parameters and query keys that carry a credential: a calendar export's token today, a
 * booking's or a review link's token later. A route that names its secret `:token` (or a query
 * key listed here) is redacted in the logs with no further declaration.
 */
export const SECRET_PARAMS: ReadonlySet<string> = new Set(['token']);
export const SECRET_QUERY_KEYS: ReadonlySet<string> = new Set([
  'token',
  't',
  'review',
  'password',
  'secret',
  'key',
  'signature',
  'session',
]);

const REDACTED = '[redacted]';

function redactPath(path: string, request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  let redacted = path;
  for (const [name, value] of Object.entries(params)) {
    if (!SECRET_PARAMS.has(name) || typeof value !== 'string' || value === '') continue;
    const written = [value, encodeURIComponent(value)].find((form) => redacted.includes(form));
    // Written some other way: log the route's pattern, which names the parameter but holds no value.
    if (written === undefined) return request.routeOptions.url ?? REDACTED;
    redacted = redacted.split(written).join(REDACTED);
  }
  return redacted;
}

function redactQuery(path: string, query: string): string {
  if (PRIVATE_QUERIES.includes(path)) return '…';
  const search = new URLSearchParams(query);
  for (const key of new Set(search.keys())) if (SECRET_QUERY_KEYS.has(key.toLowerCase())) search.set(key, REDACTED);
  return search.toString();
}

/**
 * What the log keeps of a request: Fastify's default fields, but never a credential in the URL
 * (see above), a guest search's e-mail address or name (which would stay in the logs after the
 * guest's data was erased), nor the client's address itself, only its daily pseudonym
 * (lib/address-pseudonym.ts). Headers, cookies included, and bodies are never logged.
 */
export function requestLogSerializer(pseudonym: (ip: string) => string) {
  return (request: FastifyRequest) => {
    const [rawPath = '', query] = request.url.split('?', 2);
    const path = redactPath(rawPath, request);
    const url = query === undefined ? path : `${path}?${redactQuery(rawPath, query)}`;
    return { method: request.method, url, host: request.host, client: pseudonym(request.ip) };
  };
}
