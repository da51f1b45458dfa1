import { afterEach, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { takeLease } from '../jobs/job-leases-data.js';
import { runExclusive } from '../jobs/lease.js';
import { type JobCounts, runBookingJobs } from './booking-jobs.js';

// The bookings' job under its lease (docs/decisions/0058-jobs-never-overlap-themselves.md): a run
// whose lease another server took while it was paused does none of its steps left; that server's
// run does them. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.

const DAY = 86_400_000;
let site: (TestApp & { clock: TestClock }) | undefined;
let other: TestApp | undefined;
afterEach(async () => {
  await other?.app.close();
  await site?.close();
  other = site = undefined;
});

describe('a booking run whose lease another server took', () => {
  it('stops before its steps, and the other server lets the unpaid nights go once', async () => {
    site = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000' } });
    const s = site;
    other = await createTestApp(
      { DATABASE_URL: s.databaseUrl, CONTENT_DIR: (s.app.config as { contentDir: string }).contentDir },
      { now: s.clock.now },
    );
    const created = await book(s.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-04-20',
      checkOut: '2027-04-23',
    });
    expect(created.status).toBe(201);
    s.clock.advance(3 * DAY + 60_000);
    let counts: JobCounts | undefined;
    const ran = await runExclusive(
      s.app.db,
      'bookings',
      60_000,
      async (job) => {
        // Paused past its term, its lease taken by another server before the first step.
        s.clock.advance(70_000);
        expect(await takeLease(s.app.db, 'bookings', 'another-server', 60_000, s.clock.now())).toBe(true);
        counts = await runBookingJobs(s.app.bookings, job);
      },
      { holder: 'paused-server', now: s.clock.now },
    );
    expect(ran).toBe(true);
    expect(counts).toMatchObject({ expired: 0 });
    const status = async () => (await s.app.inject({ url: apiPathOf(created.body.bookingUrl) })).json().status;
    expect(await status()).toBe('awaiting_payment');
    s.clock.advance(60_000);
    expect(await other.app.bookingJobs.runOnce()).toMatchObject({ expired: 1 });
    expect(await status()).toBe('expired');
  });
});
