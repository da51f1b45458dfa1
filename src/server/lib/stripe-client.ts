import Stripe from 'stripe';
import type { Config } from '../config.js';

/**
 * The Stripe SDK for the configured account. STRIPE_API_URL (tests only) points it at another
 * base URL through the SDK's own host, port and protocol options, so the code under test is the
 * SDK's, request for request.
 */
export function createStripe(settings: NonNullable<Config['stripe']>): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
          protocol: target.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}
