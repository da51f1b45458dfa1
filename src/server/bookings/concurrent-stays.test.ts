import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

// Two servers on one database: the owner entering stays and guests booking, twenty at once for the
// same nights, give exactly one holder, as for guests alone (concurrent-holds.test.ts).

let first: TestApp & { clock: TestClock };
let second: TestApp;

beforeAll(async () => {
  const env = { SUBMISSIONS_PER_WINDOW: '1000' };
  first = await createBookingSite({
    env,
    booking: { bankTransfer: { iban: 'PT50000201231234567890154', holder: 'Casa' } },
  });
  second = await createTestApp(
    { ...env, DATABASE_URL: first.databaseUrl, CONTENT_DIR: first.app.config.contentDir },
    { now: first.clock.now },
  );
});
afterAll(async () => {
  await second?.app.close();
  await first?.close();
});

describe('entering stays on the same nights from two servers at once', () => {
  it('gives exactly one of 20 parallel attempts (owner stays and guest bookings) the nights', async () => {
    const owners = [await ownerSession(first.app), await ownerSession(second.app)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const app = (i % 2 ? second : first).app;
        if (i % 4 < 2)
          return owners[i % 2]!.post(
            '/api/admin/stays',
            stayBody({ checkIn: '2027-06-07', checkOut: '2027-06-10', name: `Guest ${i}` }),
          );
        return app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: bookingBody({
            paymentMethod: 'bank_transfer',
            checkIn: '2027-06-07',
            checkOut: '2027-06-10',
            email: `guest${i}@example.com`,
          }),
        });
      }),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().error.code).toBe('dates_unavailable');
    const blocks = await first.app.db.selectFrom('calendarBlocks').select(['bookingId']).execute();
    expect(blocks).toHaveLength(1);
    const holders = await first.app.db
      .selectFrom('bookings')
      .select('id')
      .where('status', 'in', ['paid', 'awaiting_payment'])
      .execute();
    expect(holders).toEqual([{ id: blocks[0]!.bookingId }]);
  });
});
