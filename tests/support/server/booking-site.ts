import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './test-app.js';

const ROOT = join(import.meta.dirname, '../../..');

export const STRIPE_KEY = 'sk_test_fake_estadia';
export const STRIPE_WEBHOOK_SECRET = 'whsec_fake_estadia';

/**
 * The demo house's content (its photos linked) with its `booking` settings changed (instant mode
 * unless told), and any other top-level part replaced. Its prices carry a tourist tax of €2 per
 * guest and night for at most 7 nights (release 0.1's form), which the demo's own municipality does
 * not charge (docs/content.md), so the booking tests see a tax line; `parts.pricing` replaces it all.
 */
export function bookingContentDir(booking: Record<string, unknown> = {}, parts: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-content-'));
  const demo = JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as {
    pricing: object;
    booking: object;
  };
  const property = {
    ...demo,
    pricing: { ...demo.pricing, touristTax: { municipality: 'Test', perGuestPerNight: 200, maxNights: 7 } },
    ...parts,
  } as { booking: Record<string, unknown> };
  property.booking = { ...property.booking, mode: 'instant', ...booking };
  writeFileSync(join(dir, 'property.json'), JSON.stringify(property));
  // The demo's photos, so the content editor accepts a document that names them.
  symlinkSync(join(ROOT, 'content/photos'), join(dir, 'photos'), 'dir');
  return dir;
}

/** A clock the test moves: 10:00 UTC on 10 January 2027 until told otherwise. */
export function testClock(start = Date.UTC(2027, 0, 10, 10)) {
  let time = start;
  return {
    now: () => time,
    set: (ms: number) => void (time = ms),
    advance: (ms: number) => void (time += ms),
  };
}
export type TestClock = ReturnType<typeof testClock>;

export interface BookingSiteOptions {
  booking?: Record<string, unknown>;
  /** Other parts of the content, replaced whole. */
  content?: Record<string, unknown>;
  /** The fake Stripe's address; without it, no Stripe. */
  stripeUrl?: string;
  clock?: TestClock;
  env?: Record<string, string>;
  logStream?: NodeJS.WritableStream;
}

/** The real app on a fresh database, taking bookings, with a moved clock and, if given, the fake Stripe. */
export async function createBookingSite(options: BookingSiteOptions = {}): Promise<TestApp & { clock: TestClock }> {
  const clock = options.clock ?? testClock();
  const env: Record<string, string> = {
    CONTENT_DIR: bookingContentDir(options.booking, options.content),
    ...options.env,
  };
  if (options.stripeUrl)
    Object.assign(env, {
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: options.stripeUrl,
    });
  const site = await createTestApp(env, {
    now: clock.now,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return { ...site, clock };
}

/**
 * A second server on `site`'s database and content, with its clock and the same fake Stripe, and
 * `env` added: for what two servers of one database must do once.
 */
export function secondBookingServer(
  site: TestApp & { clock: TestClock },
  stripeUrl: string,
  env: Record<string, string> = {},
): Promise<TestApp> {
  return createTestApp(
    {
      DATABASE_URL: site.databaseUrl,
      CONTENT_DIR: (site.app.config as { contentDir: string }).contentDir,
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripeUrl,
      ...env,
    },
    { now: site.clock.now },
  );
}

/** A guest's booking request body, with these changes. */
export function bookingBody(changes: Record<string, unknown> = {}) {
  return {
    checkIn: '2027-04-05',
    checkOut: '2027-04-08',
    guests: 2,
    name: 'Ana Silva',
    email: 'ana@example.com',
    country: 'DE',
    locale: 'en',
    paymentMethod: 'stripe',
    acceptTerms: true,
    ...changes,
  };
}

/** POST /api/bookings, parsed. */
export async function book(app: FastifyInstance, changes: Record<string, unknown> = {}) {
  const response = await app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody(changes) });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown> & {
      code: string;
      bookingUrl: string;
      dueNowCents: number;
      checkoutUrl?: string;
      status: string;
      error?: { code: string; field?: string };
    },
  };
}

/** The path and query of a booking link (`/booking/K7M2-Q9?t=…`) as the API's: `/api/bookings/K7M2-Q9?t=…`. */
export function apiPathOf(bookingUrl: string, action = ''): string {
  const url = new URL(bookingUrl);
  return `/api${url.pathname.replace('/booking/', '/bookings/')}${action}${url.search}`;
}
