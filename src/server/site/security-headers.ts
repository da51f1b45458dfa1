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
 * The CSP and the other security headers, on every answer but a built asset's, which carries only
 * those a subresource uses (docs/decisions/0004-csp.md). Called on
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
  app.addHook('onSend', async (request, reply) => {
    if (isBuiltAsset(request.url, reply.getHeader('content-type'))) {
      for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
      return;
    }
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

/**
 * Headers a browser reads only on a document. A built script, stylesheet, font or photo is never
 * one, and each of the first view's scripts carried 1.2 KB of them
 * (docs/decisions/0045-first-view-javascript-as-fetched.md). What a subresource does use stays:
 * nosniff, the cross-origin resource policy and the referrer policy (a stylesheet's fonts).
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
];

const isBuiltAsset = (url: string, type: unknown) =>
  url.startsWith('/assets/') && typeof type === 'string' && !type.startsWith('text/html');
