import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { addDays } from '../../src/shared/date-ranges.js';
import { FakeStripe } from '../../tests/support/server/fake-stripe.js';
import { bookingBody, STRIPE_KEY, STRIPE_WEBHOOK_SECRET } from '../../tests/support/server/booking-site.js';
import type { BenchDatabase } from './database.js';
import { percentile } from './requests.js';

// Direct booking under load: POST /api/bookings (the hold, the payment row, the Checkout page at
// the fake Stripe) and the webhook's round trip (signature, event stored, the session read back,
// the booking confirmed, the mails queued), over HTTP on 127.0.0.1 against the app in this process.

const ROUND_TRIPS = 200;
const CONCURRENCY = 8;

export interface BookingFigures {
  label: string;
  bookP50: number;
  bookP99: number;
  webhookP50: number;
  webhookP99: number;
  perSecond: number;
  failures: number;
}

/** A content folder whose prices have no seasons or minimum: any two nights can be booked, so each booking takes new ones. */
function benchContent(dir: string): string {
  const property = JSON.parse(readFileSync(join(import.meta.dirname, '../../content/property.json'), 'utf8'));
  property.pricing = { ...property.pricing, seasons: [], minNights: 1 };
  property.booking = { ...property.booking, mode: 'instant' };
  writeFileSync(join(dir, 'property.json'), JSON.stringify(property));
  return dir;
}

export async function benchBookings(database: BenchDatabase): Promise<BookingFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-bench-bookings-'));
  const stripe = await FakeStripe.start({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET });
  const config = loadConfig({
    DATABASE_URL: database.url,
    CONTENT_DIR: benchContent(dir),
    // The house's host: the address the bookings are sent to (docs/decisions/0071-houses-and-hosts.md).
    SITE_URL: 'http://127.0.0.1',
    ADMIN_PASSWORD: 'bench admin password',
    // Bookings are on, so online check-in is: its documents are sealed with this key.
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_LEVEL: 'silent',
    SUBMISSIONS_PER_WINDOW: '1000000',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.baseUrl,
  });
  const app = await buildApp(config);
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    stripe.webhookUrl = `${base}/api/payments/stripe/webhook`;
    const book: number[] = [];
    const webhook: number[] = [];
    let failures = 0;
    let next = 0;
    const first = addDays(new Date().toISOString().slice(0, 10), 400);
    const oneBooking = async () => {
      const i = next++;
      const checkIn = addDays(first, i * 2);
      const started = performance.now();
      const response = await fetch(`${base}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bookingBody({ checkIn, checkOut: addDays(checkIn, 1), email: `bench${i}@example.com` })),
      });
      const answer = (await response.json()) as { checkoutUrl?: string };
      book.push(performance.now() - started);
      if (response.status !== 201 || !answer.checkoutUrl) return void failures++;
      const paid = performance.now();
      const session = await stripe.completeSession(answer.checkoutUrl.split('/').at(-1) as string, 'card');
      webhook.push(performance.now() - paid);
      if (session.status !== 'complete') failures++;
    };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ROUND_TRIPS) await oneBooking();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const confirmed = await app.db.selectFrom('bookings').select('id').where('status', '=', 'confirmed').execute();
    failures += ROUND_TRIPS - confirmed.length;
    const sorted = (values: number[]) => values.toSorted((a, b) => a - b);
    return {
      label: database.label,
      bookP50: percentile(sorted(book), 50),
      bookP99: percentile(sorted(book), 99),
      webhookP50: percentile(sorted(webhook), 50),
      webhookP99: percentile(sorted(webhook), 99),
      perSecond: ROUND_TRIPS / seconds,
      failures,
    };
  } finally {
    await app.close();
    await stripe.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatBookingFigures(f: BookingFigures): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `Direct booking on ${f.label}: ${ROUND_TRIPS} bookings, ${CONCURRENCY} at a time, each paid by card through the fake Stripe`,
    `  POST /api/bookings (hold + Checkout page)      p50 ${ms(f.bookP50)}   p99 ${ms(f.bookP99)}`,
    `  payment → webhook answered (booking confirmed)  p50 ${ms(f.webhookP50)}   p99 ${ms(f.webhookP99)}`,
    `  bookings per second, booked and confirmed      ${f.perSecond.toFixed(1)}`,
    f.failures > 0 ? `  !! ${f.failures} bookings were not confirmed` : '  every booking confirmed once',
  ].join('\n');
}
