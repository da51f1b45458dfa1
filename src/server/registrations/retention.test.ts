import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { FakeSiba } from '../../../tests/support/server/fake-siba.js';
import {
  confirmedBooking,
  GERMAN_GUEST,
  PORTUGUESE_GUEST,
  SIBA_LEGAL,
  sibaEnv,
} from '../../../tests/support/server/registration-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { sweepExpired } from '../../../tests/support/server/sweep.js';

let site: TestApp & { clock: TestClock };
let fake: FakeSiba;
let cookie: string;

beforeAll(async () => {
  fake = await FakeSiba.start();
  site = await createBookingSite({
    content: { legal: SIBA_LEGAL },
    env: { SUBMISSIONS_PER_WINDOW: '1000', ...sibaEnv(fake.url) },
  });
  cookie = await login(site.app);
});
afterAll(async () => {
  await site.close();
  await fake.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  site.app.inject({
    method,
    url,
    headers: { cookie, origin: 'http://estadia.test' },
    ...(payload ? json(payload) : {}),
  });
const SWEEP = { rateLimitWindowMs: 15 * 60_000, inquiryRetentionDays: 90 };

describe("the guests' registrations and their data rights", () => {
  it('are exported, refused erasure while the law keeps them, and swept a year after the departure was reported', async () => {
    const reported = await confirmedBooking(site.app, cookie, { email: 'jurgen@example.com' });
    const portugueseOnly = await confirmedBooking(site.app, cookie, {
      email: 'ines@example.com',
      checkIn: '2027-05-05',
      checkOut: '2027-05-08',
      guests: 1,
    });
    site.clock.set(Date.UTC(2027, 2, 25, 10));
    for (const [path, guest] of [
      [reported.guestsPath(1), PORTUGUESE_GUEST],
      [reported.guestsPath(2), GERMAN_GUEST],
    ] as const)
      expect((await site.app.inject({ method: 'PUT', url: path, ...json(guest) })).statusCode).toBe(200);
    site.clock.set(Date.UTC(2027, 3, 25, 10));
    await site.app.inject({ method: 'PUT', url: portugueseOnly.guestsPath(1), ...json(PORTUGUESE_GUEST) });

    // The stay ended on 8 April: on the 9th the arrival and the departure are reported.
    site.clock.set(Date.UTC(2027, 3, 9, 10));
    expect(await site.app.sibaJobs.runOnce()).toMatchObject({ sent: 2 });

    const found = (await admin('GET', '/api/admin/guest-data?email=jurgen@example.com')).json();
    expect(found.registrations).toEqual([
      expect.objectContaining({ bookingCode: reported.code, index: 1, surname: "D'Ávila", documentNumber: null }),
      expect.objectContaining({
        bookingCode: reported.code,
        index: 2,
        documentNumber: 'C01X00T47',
        birthDate: '1980-05-17',
      }),
    ]);

    const erased = await admin('POST', '/api/admin/guest-data/erase', {
      inquiryIds: [],
      reviewIds: [],
      registrationBookingCodes: [reported.code, portugueseOnly.code],
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      registrations: 1,
      retained: [
        { bookingCode: reported.code, code: 'registration_retained', message: expect.stringContaining('17(3)(b)') },
      ],
    });
    expect((await admin('GET', '/api/admin/guest-data?email=jurgen@example.com')).json().registrations).toHaveLength(2);
    expect((await admin('GET', '/api/admin/guest-data?email=ines@example.com')).json().registrations).toEqual([]);

    expect((await sweepExpired(site.app.db, SWEEP, new Date('2028-04-09T12:00:00Z'))).registrations).toBe(0);
    expect((await sweepExpired(site.app.db, SWEEP, new Date('2028-04-10T12:00:00Z'))).registrations).toBe(2);
    // A year on, the sweep ended the session too.
    cookie = await login(site.app);
    expect((await admin('GET', '/api/admin/guest-data?email=jurgen@example.com')).json().registrations).toEqual([]);
    expect(await site.app.db.selectFrom('sibaBulletins').selectAll().execute()).toEqual([]);
  });
});
