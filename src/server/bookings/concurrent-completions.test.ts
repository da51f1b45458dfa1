import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../../tests/support/fixtures/calendar-feeds.js';
import { createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { FeedServer } from '../../../tests/support/server/feed-server.js';
import { ownerSession, stayBody } from '../../../tests/support/server/stays.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { addDays, daysBetween } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';
import type { FeedReservation } from '../../shared/stays.js';

// Two owners' "Complete this stay" of one feed event at the same moment, on two servers of one
// database: exactly one stay names the event and holds its nights; the other is told the event is
// already a stay (decision 0037: the calendar's lock, then the unique feed_event_uid).

const SHIFT = daysBetween('2027-01-09', addDays(earliestToday(), 60));

let first: TestApp & { clock: TestClock };
let second: TestApp;
let feeds: FeedServer;

beforeAll(async () => {
  feeds = await FeedServer.start();
  feeds.set('/airbnb.ics', readFixture('airbnb', SHIFT));
  const env = { CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' };
  first = await createBookingSite({ env });
  second = await createTestApp(
    { ...env, DATABASE_URL: first.databaseUrl, CONTENT_DIR: first.app.config.contentDir },
    { now: first.clock.now },
  );
});
afterAll(async () => {
  await second?.app.close();
  await first?.close();
  await feeds?.close();
});

describe('completing one feed event twice at once', () => {
  it('makes exactly one stay of it, whichever server answers first', async () => {
    const owners = [await ownerSession(first.app), await ownerSession(second.app)];
    const feed = await owners[0]!.post('/api/admin/feeds', { name: 'Airbnb', url: feeds.url('/airbnb.ics') });
    expect(feed.statusCode, feed.body).toBe(201);
    const { id } = feed.json<{ id: string }>();
    expect((await owners[0]!.post(`/api/admin/feeds/${id}/sync`)).json().lastError).toBeNull();
    const items = (await owners[1]!.get('/api/admin/feed-reservations')).json<{ items: FeedReservation[] }>().items;
    const event = items.find((i) => i.reference === 'HMB2NX7VQE');
    expect(event).toBeDefined();

    const body = (i: number) =>
      stayBody({
        checkIn: event!.start,
        checkOut: event!.end,
        feedEventUid: event!.uid,
        platformReference: event!.reference,
        name: `Owner attempt ${i}`,
      });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => owners[i % 2]!.post('/api/admin/stays', body(i))),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().error.field).toBe('feedEventUid');

    const { code } = answers.find((a) => a.statusCode === 201)!.json<{ code: string }>();
    const stays = await first.app.db
      .selectFrom('bookings')
      .select(['code', 'id'])
      .where('feedEventUid', '=', event!.uid)
      .execute();
    expect(stays.map((s) => s.code)).toEqual([code]);
    const blocks = await first.app.db
      .selectFrom('calendarBlocks')
      .select(['bookingId', 'startDate', 'endDate'])
      .where('endDate', '>', event!.start)
      .where('startDate', '<', event!.end)
      .execute();
    expect(blocks).toEqual([{ bookingId: stays[0]!.id, startDate: event!.start, endDate: event!.end }]);
    const after = (await owners[0]!.get('/api/admin/feed-reservations')).json<{ items: FeedReservation[] }>().items;
    expect(after.find((i) => i.uid === event!.uid)?.stayCode).toBe(code);
  });
});
