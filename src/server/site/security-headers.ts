import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/**
 * The CSP and the other security headers, on every answer (docs/decisions/0004-csp.md). Called on
 * the root instance, not registered as a plugin, so its hooks reach every route. `scriptHashes`
 * allow the pages' inline scripts without 'unsafe-inline'; asked at each answer, since a publish
 * renders new pages (docs/decisions/0023-page-carries-its-content.md).
 */
export async function addSecurityHeaders(
  app: FastifyInstance,
  siteUrl: string,
  scriptHashes: () => string[],
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", () => scriptHashes().join(' ')],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'base-uri': ["'none'"],
        'object-src': ["'none'"],
        // The location map is the only outside content.
        'frame-src': ['https://www.google.com'],
        'upgrade-insecure-requests': siteUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: siteUrl.startsWith('https:') ? { maxAge: 31_536_000 } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // The site uses none of these browser features; no script, even an injected one, may ask for them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
