import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

// Two servers on one database (two apps, as two processes would be), twenty guests at once for the
// same nights: exactly one hold. On PostgreSQL the settings row's lock makes the holds take turns;
// SQLite has one writer.

let first: TestApp & { clock: TestClock };
let second: TestApp;

beforeAll(async () => {
  first = await createBookingSite({ env: { SUBMISSIONS_PER_WINDOW: '1000' } });
  const env = {
    SUBMISSIONS_PER_WINDOW: '1000',
    DATABASE_URL: first.databaseUrl,
    CONTENT_DIR: first.app.config.contentDir,
  };
  second = await createTestApp(env, { now: first.clock.now });
});
afterAll(async () => {
  await second?.app.close();
  await first?.close();
});

describe('holding the same nights from two servers at once', () => {
  it('gives exactly one of 20 parallel bookings the nights; the others get 409 dates_unavailable', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? second : first).app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: bookingBody({
            paymentMethod: 'bank_transfer',
            checkIn: '2027-06-07',
            checkOut: '2027-06-10',
            email: `guest${i}@example.com`,
          }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().error.code).toBe('dates_unavailable');
    const blocks = await first.app.db
      .selectFrom('calendarBlocks')
      .select(['startDate', 'endDate', 'bookingId'])
      .execute();
    expect(blocks).toHaveLength(1);
    const held = await first.app.db
      .selectFrom('bookings')
      .select(['id', 'status'])
      .where('status', '=', 'awaiting_payment')
      .execute();
    expect(held).toEqual([{ id: blocks[0]!.bookingId, status: 'awaiting_payment' }]);
  });

  it('runs the timed booking work on one server at a time', async () => {
    const runs = await Promise.all([first.app.bookingJobs.runOnce(), second.app.bookingJobs.runOnce()]);
    expect(runs.filter((r) => r !== undefined)).toHaveLength(1);
  });
});
