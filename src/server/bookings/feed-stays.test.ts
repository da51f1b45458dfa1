import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../../tests/support/fixtures/calendar-feeds.js';
import { createBookingSite, testClock, type TestClock } from '../../../tests/support/server/booking-site.js';
import { FeedServer } from '../../../tests/support/server/feed-server.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import type { TestApp } from '../../../tests/support/server/test-app.js';
import { addDays, daysBetween } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';
import type { FeedReservation, StayItem } from '../../shared/stays.js';
import { mailsByKeyPrefix } from '../mail/outbox-data.js';

// An Airbnb reservation imported from its feed becomes a stay without retyping, and stays one:
// the next syncs neither block its nights twice nor free them nor send them back to Airbnb, and
// its event leaving the feed flags the stay and frees nothing (decision 0037).

// The fixture's reservation of 9 to 12 January 2027 (HMB2NX7VQE, phone …3398), moved to 60 days
// from today, since a sync leaves out what has ended.
const SHIFT = daysBetween('2027-01-09', addDays(earliestToday(), 60));
const checkIn = addDays('2027-01-09', SHIFT);
const checkOut = addDays('2027-01-12', SHIFT);
const airbnb = readFixture('airbnb', SHIFT).toString('utf8');
const withoutIt = airbnb.replace(/BEGIN:VEVENT\r?\n(?:(?!END:VEVENT)[\s\S])*?HMB2NX7VQE[\s\S]*?END:VEVENT\r?\n/, '');

let site: TestApp & { clock: TestClock };
let feeds: FeedServer;
let owner: Awaited<ReturnType<typeof ownerSession>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  feeds = await FeedServer.start();
  feeds.set('/airbnb.ics', airbnb);
  feeds.set('/booking.ics', readFixture('booking', SHIFT));
  site = await createBookingSite({
    clock: testClock(Date.now()),
    env: { CALENDAR_ALLOW_PRIVATE_HOSTS: 'true', MAIL_TO: 'owner@example.com' },
  });
  owner = await ownerSession(site.app);
  for (const name of ['airbnb', 'booking']) {
    const feed = await owner.post('/api/admin/feeds', {
      name: name === 'airbnb' ? 'Airbnb' : 'Booking.com',
      url: feeds.url(`/${name}.ics`),
    });
    expect(feed.statusCode, feed.body).toBe(201);
    ids[name] = feed.json<{ id: string }>().id;
    expect((await owner.post(`/api/admin/feeds/${ids[name]}/sync`)).statusCode).toBe(200);
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

async function exported(feed: 'airbnb' | 'booking'): Promise<string> {
  const { exportToken } = await site.app.db
    .selectFrom('calendarFeeds')
    .select('exportToken')
    .where('id', '=', ids[feed]!)
    .executeTakeFirstOrThrow();
  const response = await site.app.inject({ method: 'GET', url: `/api/calendar/${exportToken}.ics` });
  expect(response.statusCode).toBe(200);
  return response.body;
}

const compact = (day: string) => day.replaceAll('-', '');
const eventsOn = (ics: string, day: string) => ics.split(`DTSTART;VALUE=DATE:${compact(day)}`).length - 1;

describe('an Airbnb reservation completed into a stay', () => {
  it('is listed with its dates, reservation code and phone digits, read from the feed as Airbnb writes it', async () => {
    const items = await reservations();
    const mine = items.find((i) => i.reference === 'HMB2NX7VQE');
    expect(mine).toMatchObject({
      feed: 'Airbnb',
      platform: 'airbnb',
      start: checkIn,
      end: checkOut,
      summary: 'Reserved',
      phoneDigits: '3398',
      stayCode: null,
    });
    expect(mine?.uid).toMatch(/@airbnb\.com$/);
    // Airbnb's own "Not available" nights are no reservation to complete (decision 0053).
    expect(items.find((i) => i.summary === 'Airbnb (Not available)')).toBeUndefined();
    expect(items.find((i) => i.feed === 'Booking.com')).toMatchObject({
      platform: 'booking',
      summary: 'CLOSED - Not available',
    });
  });

  it('becomes a stay holding its nights once, through three syncs, and is never sent back to Airbnb', async () => {
    const event = (await reservations()).find((i) => i.reference === 'HMB2NX7VQE')!;
    const created = await owner.post(
      '/api/admin/stays',
      stayBody({
        checkIn: event.start,
        checkOut: event.end,
        feedEventUid: event.uid,
        platformReference: event.reference,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json<{ code: string }>();
    const twice = await owner.post(
      '/api/admin/stays',
      stayBody({ checkIn: event.start, checkOut: event.end, feedEventUid: event.uid }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.field).toBe('feedEventUid');

    for (let sync = 1; sync <= 3; sync++) {
      // The feed changes a little each time, so each sync imports it afresh rather than a 304.
      feeds.set('/airbnb.ics', airbnb.replace('END:VCALENDAR', `X-SYNC:${sync}\r\nEND:VCALENDAR`));
      expect((await owner.post(`/api/admin/feeds/${ids.airbnb}/sync`)).json().lastError).toBeNull();
      const blocks = await site.app.db
        .selectFrom('calendarBlocks')
        .select(['startDate', 'endDate'])
        .where('endDate', '>', checkIn)
        .where('startDate', '<', checkOut)
        .execute();
      expect(blocks, `sync ${sync}`).toEqual([{ startDate: checkIn, endDate: checkOut }]);
      expect((await reservations()).find((i) => i.uid === event.uid)?.stayCode).toBe(code);
      const availability = await site.app.inject({
        method: 'GET',
        url: `/api/availability?from=${checkIn}&to=${checkOut}`,
      });
      expect(availability.json()).toEqual({ unavailable: [{ start: checkIn, end: checkOut }] });
      expect(eventsOn(await exported('airbnb'), checkIn), `sync ${sync}: sent back to Airbnb`).toBe(0);
      expect(eventsOn(await exported('booking'), checkIn), `sync ${sync}: shown to Booking.com once`).toBe(1);
    }
    const stays = (await owner.get('/api/admin/stays?channel=airbnb')).json<{ items: StayItem[] }>().items;
    expect(stays).toEqual([expect.objectContaining({ code, feedMissing: false, platformReference: 'HMB2NX7VQE' })]);
  });

  it('is flagged, and keeps its nights, when its event leaves the feed', async () => {
    feeds.set('/airbnb.ics', withoutIt);
    expect(withoutIt).not.toContain('HMB2NX7VQE');
    expect((await owner.post(`/api/admin/feeds/${ids.airbnb}/sync`)).json().lastError).toBeNull();
    const stays = (await owner.get('/api/admin/stays?channel=airbnb')).json<{ items: StayItem[] }>().items;
    expect(stays).toEqual([expect.objectContaining({ status: 'paid', feedMissing: true })]);
    const blocks = await site.app.db
      .selectFrom('calendarBlocks')
      .select(['startDate', 'endDate'])
      .where('endDate', '>', checkIn)
      .where('startDate', '<', checkOut)
      .execute();
    expect(blocks).toEqual([{ startDate: checkIn, endDate: checkOut }]);
    expect(eventsOn(await exported('booking'), checkIn)).toBe(1);

    // The owner is told once, however many runs see it missing, and the stay stays as it was.
    await site.app.bookingJobs.runOnce();
    await site.app.bookingJobs.runOnce();
    const told = (await mailsByKeyPrefix(site.app.db, 'booking:'))
      .filter((m) => m.subject.startsWith('Airbnb no longer lists a stay'))
      .map((m) => `${m.toAddress} ${m.subject}`);
    expect(told).toEqual([`owner@example.com Airbnb no longer lists a stay: ${stays[0]!.code}`]);
    expect((await owner.get('/api/admin/stays?channel=airbnb')).json<{ items: StayItem[] }>().items).toEqual([
      expect.objectContaining({ status: 'paid', feedMissing: true }),
    ]);
  });

  it('is kept by the owner: it stands with its nights held, is no longer flagged, and its history says so', async () => {
    const [stay] = (await owner.get('/api/admin/stays?channel=airbnb')).json<{ items: StayItem[] }>().items;
    const page = await owner.get(`/api/admin/bookings/${stay!.code}`);
    expect(page.json()).toMatchObject({ feedMissing: true, status: 'paid' });

    const kept = await owner.post(`/api/admin/bookings/${stay!.code}/keep`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ feedMissing: false, status: 'paid' });
    expect(kept.json().history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'paid',
      by: 'owner',
      note: 'kept: Airbnb no longer lists it',
    });
    expect((await owner.get('/api/admin/stays?channel=airbnb')).json<{ items: StayItem[] }>().items).toEqual([
      expect.objectContaining({ code: stay!.code, status: 'paid', feedMissing: false }),
    ]);
    const blocks = await site.app.db
      .selectFrom('calendarBlocks')
      .select(['startDate', 'endDate'])
      .where('endDate', '>', checkIn)
      .where('startDate', '<', checkOut)
      .execute();
    expect(blocks).toEqual([{ startDate: checkIn, endDate: checkOut }]);

    // Kept once: a second keep, or a keep of a stay whose feed still lists it, is refused.
    const again = await owner.post(`/api/admin/bookings/${stay!.code}/keep`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
    const listed = await owner.post(
      '/api/admin/stays',
      stayBody({
        channel: 'phone',
        checkIn: addDays(checkIn, 20),
        checkOut: addDays(checkIn, 22),
        touristTaxCollectedBy: 'owner',
      }),
    );
    expect((await owner.post(`/api/admin/bookings/${listed.json().code}/keep`)).statusCode).toBe(409);
    const history = (await owner.get(`/api/admin/bookings/${stay!.code}`)).json().history;
    expect(history.filter((h: { note: string | null }) => h.note?.startsWith('kept'))).toHaveLength(1);
  });
});
