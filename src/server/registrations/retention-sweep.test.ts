import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import {
  confirmedBooking,
  GERMAN_GUEST,
  PORTUGUESE_GUEST,
  SIBA_LEGAL,
} from '../../../tests/support/server/registration-site.js';
import { inEachTimeZone } from '../../../tests/support/server/time-zones.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { sweepExpired } from '../../../tests/support/server/sweep.js';

// Registrations no bulletin keeps go one year after the stay's end; a reported departure keeps
// them a year and a day after the report (docs/decisions/0027-guest-registrations-and-siba.md).
let site: TestApp & { clock: TestClock };
let cookie = '';

beforeAll(async () => {
  site = await createBookingSite({ content: { legal: SIBA_LEGAL }, env: { SUBMISSIONS_PER_WINDOW: '1000' } });
});
afterAll(async () => {
  await site.close();
});

const admin = (url: string, payload: object) =>
  site.app.inject({ method: 'POST', url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });
const SWEEP = { rateLimitWindowMs: 15 * 60_000, inquiryRetentionDays: 90 };

/** A confirmed booking for these nights whose guests checked in five days before the arrival. */
async function checkedIn(checkIn: string, checkOut: string, guests: object[]) {
  site.clock.set(Date.UTC(2027, 0, 10, 10));
  // A sweep a year on ended the last session.
  cookie = await login(site.app);
  const booking = await confirmedBooking(site.app, cookie, { checkIn, checkOut, guests: guests.length });
  site.clock.set(Date.parse(`${checkIn}T10:00:00Z`) - 5 * 86_400_000);
  for (const [i, guest] of guests.entries()) {
    const saved = await site.app.inject({ method: 'PUT', url: booking.guestsPath(i + 1), ...json(guest) });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return booking;
}

describe('the sweep of guest registrations', () => {
  it('deletes each kind on its day: Portuguese only, cancelled, never reported, expired one year after the stay; reported a year and a day after the report', async () => {
    const portuguese = await checkedIn('2027-04-05', '2027-04-08', [PORTUGUESE_GUEST]);
    const cancelled = await checkedIn('2027-05-03', '2027-05-06', [{ ...GERMAN_GUEST, surname: 'Storniert' }]);
    // The owner keeps the price and gives back the tourist tax paid (one guest, three nights at €2).
    const cancel = await admin(`/api/admin/bookings/${cancelled.code}/cancel`, { refundCents: 600 });
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    const neverSent = await checkedIn('2027-06-07', '2027-06-10', [{ ...GERMAN_GUEST, surname: 'Vergessen' }]);
    // The file downloaded, never sent nor marked: its bulletin row waits, pending.
    const file = await site.app.inject({
      method: 'GET',
      url: `/api/admin/registrations/${neverSent.code}/siba.xml?movement=departure`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    // A transfer that never came: the owner typed the guest at the door's list ahead, then it expired.
    site.clock.set(Date.UTC(2027, 5, 15, 10));
    const unpaid = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-06-21',
      checkOut: '2027-06-24',
    });
    expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(201);
    const typed = await site.app.inject({
      method: 'PUT',
      url: `/api/admin/registrations/${unpaid.body.code}/guests/1`,
      headers: { cookie, origin: 'http://estadia.test' },
      ...json({ ...GERMAN_GUEST, surname: 'Abgelaufen' }),
    });
    expect(typed.statusCode, typed.body).toBe(200);
    site.clock.advance(4 * 86_400_000);
    expect(await site.app.bookingJobs.runOnce()).toMatchObject({ expired: 1 });
    const expired = { code: unpaid.body.code };
    const reportedLate = await checkedIn('2027-09-06', '2027-09-09', [{ ...GERMAN_GUEST, surname: 'Spaet' }]);
    site.clock.set(Date.UTC(2027, 8, 20, 10));
    for (const movement of ['arrival', 'departure'])
      expect(
        (await admin(`/api/admin/registrations/${reportedLate.code}/mark-sent`, { movement })).json(),
      ).toMatchObject({ state: 'sent' });

    const ids = new Map<string, string>();
    for (const { code } of [portuguese, cancelled, neverSent, expired, reportedLate])
      ids.set(
        code,
        (await site.app.db.selectFrom('bookings').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id,
      );
    const kept = async () => {
      const rows = await site.app.db.selectFrom('guestRegistrations').select('bookingId').execute();
      return [...ids].filter(([, id]) => rows.some((r) => r.bookingId === id)).map(([code]) => code);
    };
    const bulletinsOf = async (code: string) =>
      (await site.app.db.selectFrom('sibaBulletins').select('id').where('bookingId', '=', ids.get(code)!).execute())
        .length;
    expect(await bulletinsOf(neverSent.code)).toBe(1);
    expect(
      (
        await site.app.db
          .selectFrom('bookings')
          .select('status')
          .where('code', '=', expired.code)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('expired');
    const all = [portuguese.code, cancelled.code, neverSent.code, expired.code, reportedLate.code];
    expect(await kept()).toEqual(all);

    // Each on the day before its day, then on its day, at the house (noon in Lisbon's summer is 11:00 UTC,
    // and a sweep just after midnight in Lisbon is still the evening before in UTC).
    const sweepAt = async (iso: string) => (await sweepExpired(site.app.db, SWEEP, new Date(iso))).registrations;
    expect(await sweepAt('2028-04-07T22:59:00Z')).toBe(0);
    expect(await kept()).toEqual(all);
    expect(await sweepAt('2028-04-07T23:01:00Z')).toBe(1);
    expect(await kept()).toEqual([cancelled.code, neverSent.code, expired.code, reportedLate.code]);

    expect(await sweepAt('2028-05-05T12:00:00Z')).toBe(0);
    expect(await sweepAt('2028-05-06T12:00:00Z')).toBe(1);
    expect(await kept()).toEqual([neverSent.code, expired.code, reportedLate.code]);

    expect(await sweepAt('2028-06-09T12:00:00Z')).toBe(0);
    expect(await sweepAt('2028-06-10T12:00:00Z')).toBe(1);
    expect(await kept()).toEqual([expired.code, reportedLate.code]);
    expect(await bulletinsOf(neverSent.code)).toBe(0);

    expect(await sweepAt('2028-06-23T12:00:00Z')).toBe(0);
    expect(await sweepAt('2028-06-24T12:00:00Z')).toBe(1);
    expect(await kept()).toEqual([reportedLate.code]);

    // One year after its stay it is kept: its departure was reported on 20 September 2027.
    expect(await sweepAt('2028-09-09T12:00:00Z')).toBe(0);
    expect(await sweepAt('2028-09-21T09:59:00Z')).toBe(0);
    expect(await kept()).toEqual([reportedLate.code]);
    expect(await sweepAt('2028-09-21T10:01:00Z')).toBe(1);
    expect(await kept()).toEqual([]);
    expect(await bulletinsOf(reportedLate.code)).toBe(0);
    // An upper bound for a busy machine: five bookings, each checked in, and eleven sweeps.
  }, 60_000);

  it("counts a stay's year on the house's calendar under any server time zone", async () => {
    let week = 0;
    const deleted = await inEachTimeZone(async () => {
      const day = (n: number) => `2027-10-${String(4 + 7 * week + n).padStart(2, '0')}`;
      const booking = await checkedIn(day(0), day(3), [PORTUGUESE_GUEST]);
      const { id } = await site.app.db
        .selectFrom('bookings')
        .select('id')
        .where('code', '=', booking.code)
        .executeTakeFirstOrThrow();
      // 23:30 UTC on the eve of the stay's end, a year on, is already that day in Lisbon (UTC+1 in summer).
      const eve = `2028${day(2).slice(4)}`;
      week++;
      const before = (await sweepExpired(site.app.db, SWEEP, new Date(`${eve}T22:30:00Z`))).registrations;
      const on = (await sweepExpired(site.app.db, SWEEP, new Date(`${eve}T23:30:00Z`))).registrations;
      const left = await site.app.db.selectFrom('guestRegistrations').where('bookingId', '=', id).selectAll().execute();
      return { before, on, left: left.length };
    });
    expect(Object.values(deleted)).toEqual(Array(4).fill({ before: 0, on: 1, left: 0 }));
  });
});
