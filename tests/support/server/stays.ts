import type { FastifyInstance } from 'fastify';
import { login } from './test-app.js';

/** An owner's stay body (an Airbnb stay of 2 adults and a child of 10), with these changes. */
export function stayBody(changes: Record<string, unknown> = {}) {
  return {
    channel: 'airbnb',
    checkIn: '2027-06-07',
    checkOut: '2027-06-10',
    adults: 2,
    children: [{ age: 10 }],
    name: 'Jonas Weber',
    email: 'jonas@example.com',
    phone: '+49 151 2345 6789',
    country: 'DE',
    locale: 'en',
    platformReference: 'HMQ3W8KZ2P',
    priceCents: 84_000,
    commissionCents: 12_600,
    touristTaxCollectedBy: 'platform',
    ...changes,
  };
}

/** The owner, logged in: inject with the session and the site's origin. */
export async function ownerSession(app: FastifyInstance) {
  const cookie = await login(app);
  const headers = { cookie, origin: 'http://estadia.test' };
  return {
    headers,
    post: (url: string, payload: unknown = {}) =>
      app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> }),
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
  };
}
