import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedText } from '../../../tests/support/fixtures/calendar-feeds.js';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { FeedServer } from '../../../tests/support/server/feed-server.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';
import type { FeedReservation } from '../../shared/stays.js';
import { findBookingByCode } from '../stay-record/bookings-data.js';

// The platforms' reservations the owner is asked to complete into stays
// (docs/decisions/0053-a-stay-keeps-its-tourist-tax-rule.md), on SQLite and PostgreSQL: a
// platform's own "Not available" blocks and the echo of the site's own booking are not offered,
// any event can be marked "not a stay" once, and those still to complete fill the reports'
// occupancy, flag the month's tax return and, arriving within 14 days, wait in "Needs action".
// The clock stands at 10 January 2027.

const DIRECT = { checkIn: '2027-04-05', checkOut: '2027-04-08' };

let site: TestApp & { clock: TestClock };
let feeds: FeedServer;
let owner: Awaited<ReturnType<typeof ownerSession>>;
let directCode: string;

beforeAll(async () => {
  feeds = await FeedServer.start();
  site = await createBookingSite({ env: { CALENDAR_ALLOW_PRIVATE_HOSTS: 'true', SUBMISSIONS_PER_WINDOW: '1000' } });
  owner = await ownerSession(site.app);
  // The site's own booking first: the platforms then echo it back.
  const created = await book(site.app, { paymentMethod: 'bank_transfer', ...DIRECT, guests: 2 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  directCode = created.body.code;
  const row = await findBookingByCode(site.app.db, directCode);
  expect(
    (await owner.post(`/api/admin/bookings/${directCode}/mark-paid`, { amountCents: row?.totalCents })).statusCode,
  ).toBe(200);

  feeds.set(
    '/airbnb.ics',
    feedText(
      [
        { start: '2027-01-15', end: '2027-01-18' },
        { start: '2027-02-14', end: '2027-02-16', kind: 'blocked' },
        { start: '2027-03-10', end: '2027-03-13' },
        { start: '2027-06-10', end: '2027-06-12' },
      ],
      { shape: 'airbnb' },
    ),
  );
  feeds.set(
    '/booking.ics',
    feedText(
      [
        // The echo of the site's booking, on exactly its nights; and a reservation (Booking.com
        // writes "CLOSED - Not available" for its bookings too) overlapping it by one night.
        { start: DIRECT.checkIn, end: DIRECT.checkOut },
        { start: '2027-04-20', end: '2027-04-22' },
        { start: '2027-01-20', end: '2027-01-22' },
      ],
      { shape: 'booking' },
    ),
  );
  feeds.set('/vrbo.ics', feedText([{ start: '2027-05-01', end: '2027-05-03', kind: 'blocked' }], { shape: 'vrbo' }));
  for (const name of ['Airbnb', 'Booking.com', 'Vrbo']) {
    const path = `/${name.split('.')[0]!.toLowerCase()}.ics`;
    const feed = await owner.post('/api/admin/feeds', { name, url: feeds.url(path) });
    expect(feed.statusCode, feed.body).toBe(201);
    const synced = await owner.post(`/api/admin/feeds/${feed.json<{ id: string }>().id}/sync`);
    expect(synced.json().lastError, name).toBeNull();
  }
});
afterAll(async () => {
  await site?.close();
  await feeds?.close();
});

async function reservations(): Promise<FeedReservation[]> {
  const response = await owner.get('/api/admin/feed-reservations');
  expect(response.statusCode).toBe(200);
  return response.json<{ items: FeedReservation[] }>().items;
}
const nights = (items: readonly FeedReservation[]) => items.map((r) => `${r.feed} ${r.start}`);

describe('the reservations to complete', () => {
  it('leave out the platforms’ own blocks and the echo of the site’s own booking', async () => {
    expect(nights(await reservations())).toEqual([
      'Airbnb 2027-01-15',
      'Booking.com 2027-01-20',
      'Airbnb 2027-03-10',
      'Booking.com 2027-04-20',
      'Airbnb 2027-06-10',
    ]);
  });

  it('lose an event marked “not a stay”, once, with the note, who and when', async () => {
    const event = (await reservations()).find((r) => r.start === '2027-04-20')!;
    const url = `/api/admin/feed-reservations/${encodeURIComponent(event.uid)}/not-a-stay`;
    const empty = await owner.post(url, { note: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'invalid_field', field: 'note' });
    const marked = await owner.post(url, { note: 'My own closed nights for painting' });
    expect(marked.statusCode, marked.body).toBe(201);
    const record = {
      uid: event.uid,
      feed: 'Booking.com',
      start: '2027-04-20',
      end: '2027-04-22',
      note: 'My own closed nights for painting',
      by: 'owner',
      at: '2027-01-10T10:00:00.000Z',
    };
    expect(marked.json()).toEqual(record);
    expect(nights(await reservations())).not.toContain('Booking.com 2027-04-20');
    // Once: a second mark, as from another tab or server, records nothing.
    const again = await owner.post(url, { note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
    expect((await owner.get('/api/admin/feed-reservations/not-stays')).json()).toEqual({ items: [record] });
    expect((await owner.post('/api/admin/feed-reservations/nope@x/not-a-stay', { note: 'x' })).statusCode).toBe(404);
    // Its nights stay taken: a mark says what the event is, it frees nothing.
    const availability = await site.app.inject({ url: '/api/availability?from=2027-04-19&to=2027-04-23' });
    expect(availability.json().unavailable).toEqual([{ start: '2027-04-20', end: '2027-04-22' }]);
  });

  it('refuse to mark an event a stay completes', async () => {
    const event = (await reservations()).find((r) => r.start === '2027-03-10')!;
    const stay = await owner.post(
      '/api/admin/stays',
      stayBody({ checkIn: event.start, checkOut: event.end, feedEventUid: event.uid }),
    );
    expect(stay.statusCode, stay.body).toBe(201);
    const marked = await owner.post(`/api/admin/feed-reservations/${encodeURIComponent(event.uid)}/not-a-stay`, {
      note: 'mistake',
    });
    expect(marked.statusCode).toBe(409);
  });
});

describe('a reservation not completed yet', () => {
  it('fills the reports’ occupancy under its platform, without money', async () => {
    const report = (await owner.get('/api/admin/reports?year=2027')).json();
    const row = (month: string, channel: string) =>
      report.months.find((r: { month: string; channel: string }) => r.month === month && r.channel === channel);
    expect(row('2027-01', 'airbnb')).toMatchObject({ nights: 3, uncompletedNights: 3, grossCents: 0, adrCents: 0 });
    expect(row('2027-01', 'booking')).toMatchObject({ nights: 2, uncompletedNights: 2 });
    expect(row('2027-01', 'airbnb').occupancy).toBe(Math.round((3 / 31) * 10_000) / 10_000);
    // The echo is the site's own booking's nights, counted once, as the booking's.
    expect(row('2027-04', 'booking')).toMatchObject({ nights: 0, uncompletedNights: 0 });
    expect(row('2027-04', 'direct')).toMatchObject({ nights: 3, uncompletedNights: 0 });
    // Blocks are nobody's stay.
    expect(row('2027-02', 'airbnb')).toMatchObject({ nights: 0 });
  });

  it('is flagged in its month’s tax return', async () => {
    const january = (await owner.get('/api/admin/tourist-tax?month=2027-01')).json();
    expect(january.uncompleted).toEqual([
      expect.objectContaining({ feed: 'Airbnb', platform: 'airbnb', start: '2027-01-15', end: '2027-01-18' }),
      expect.objectContaining({ feed: 'Booking.com', platform: 'booking', start: '2027-01-20', end: '2027-01-22' }),
    ]);
    expect((await owner.get('/api/admin/tourist-tax?month=2027-04')).json().uncompleted).toEqual([]);
    // March's reservation is a stay: counted in the return, no longer flagged.
    const march = (await owner.get('/api/admin/tourist-tax?month=2027-03')).json();
    expect(march.uncompleted).toEqual([]);
    expect(march.items).toEqual([expect.objectContaining({ channel: 'airbnb', checkIn: '2027-03-10' })]);
  });

  it('waits in “Needs action” from 14 days before its arrival', async () => {
    const soon = (await owner.get('/api/admin/needs-action')).json().platformStays;
    expect(soon).toEqual({
      count: 2,
      items: [
        expect.objectContaining({ feed: 'Airbnb', platform: 'airbnb', start: '2027-01-15', end: '2027-01-18' }),
        expect.objectContaining({ feed: 'Booking.com', start: '2027-01-20' }),
      ],
    });
    // Completed, it leaves the list.
    const event = (await reservations()).find((r) => r.start === '2027-01-15')!;
    const stay = await owner.post(
      '/api/admin/stays',
      stayBody({ checkIn: event.start, checkOut: event.end, feedEventUid: event.uid }),
    );
    expect(stay.statusCode, stay.body).toBe(201);
    const after = (await owner.get('/api/admin/needs-action')).json().platformStays;
    expect(after.items.map((r: FeedReservation) => r.start)).toEqual(['2027-01-20']);
    // The June arrival: not 15 days before, from 14 days before.
    site.clock.set(Date.UTC(2027, 4, 26, 10));
    expect((await owner.get('/api/admin/needs-action')).json().platformStays).toEqual({ count: 0, items: [] });
    site.clock.set(Date.UTC(2027, 4, 27, 10));
    const june = (await owner.get('/api/admin/needs-action')).json().platformStays;
    expect(june.items.map((r: FeedReservation) => r.start)).toEqual(['2027-06-10']);
  });
});
