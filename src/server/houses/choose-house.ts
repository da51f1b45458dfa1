import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { hostName } from './host-name.js';
import type { HouseRegistry } from './registry.js';

/** Paths a load balancer's or Caddy's health check asks on the server's own address (deploy/Caddyfile). */
const EXEMPT_PATHS = new Set(['/healthz']);

const pathOf = (url: string) => url.split('?', 1)[0];

/**
 * The onRequest hook that sets `request.house` from the request's host, port ignored
 * (docs/decisions/0071-houses-and-hosts.md). A host no house has answers 421 `unknown_host`
 * before any route runs, so no page, answer or photo of a house leaves on it; a request without a
 * Host (HTTP/1.0) is one of those. Exempt: the health check, and the admin origin (SITE_URL, or
 * ADMIN_URL), where `request.house` is its house or null.
 */
export function chooseHouse(registry: HouseRegistry, adminHost: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const host = hostName(request.host);
    const house = host === undefined ? undefined : registry.byHost(host);
    request.house = house ?? null;
    if (house || host === adminHost || EXEMPT_PATHS.has(pathOf(request.url) ?? '')) return;
    // Not kept by a cache: the same path answers on the house's own host.
    reply.header('cache-control', 'no-store');
    throw new HttpError(421, 'No house is served at this host name', undefined, 'unknown_host');
  };
}
