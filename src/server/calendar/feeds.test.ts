import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FeedServer } from '../../../tests/support/server/feed-server.js';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import {
  FIXTURE_SKIPPED,
  FIXTURE_TODAY,
  fixtureEvents,
  readFixture,
  plainFeed,
} from '../../../tests/support/fixtures/calendar-feeds.js';
import { addDays, addMonths, clipRanges, daysBetween, mergeRanges } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';
import { parseFeed } from './ical-parse.js';

const base = addDays(earliestToday(), 30);
const d = (offset: number) => addDays(base, offset);
let t: TestApp;
let feeds: FeedServer;
let smtp: SmtpSink;
let cookie: string;
const headers = () => ({ cookie, origin: 'http://estadia.test' });

beforeAll(async () => {
  feeds = await FeedServer.start();
  smtp = await SmtpSink.start();
  t = await createTestApp({
    CALENDAR_ALLOW_PRIVATE_HOSTS: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_TO: 'owner@example.com',
  });
  cookie = await login(t.app);
});
afterAll(async () => {
  await t.close();
  await feeds.close();
  await smtp.stop();
});
beforeEach(async () => {
  for (const table of ['calendarFeeds', 'feedEvents', 'calendarBlocks'] as const)
    await t.app.db.deleteFrom(table).execute();
  t.app.publicAvailability.clear();
  smtp.received.length = 0;
});

const addFeed = async (name: string, path: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/feeds',
    headers: headers(),
    payload: { name, url: feeds.url(path) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; exportUrl: string };
};
const sync = async (id: string) => {
  const response = await t.app.inject({ method: 'POST', url: `/api/admin/feeds/${id}/sync`, headers: headers() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    lastError: string | null;
    eventCount: number;
    skippedCount: number;
    lastSuccessAt: string | null;
    lastSyncAt: string | null;
  };
};
const taken = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/availability?from=${d(-5)}&to=${d(60)}` })).json().unavailable;
const fetchExport = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('importing a feed', () => {
  it('imports the nights of Airbnb-, Booking.com- and Vrbo-shaped feeds served over HTTP', async () => {
    // The fixtures' dates moved so they stand to today as they stood to the day they were written.
    const shift = daysBetween(FIXTURE_TODAY, earliestToday());
    const names = ['airbnb', 'booking', 'vrbo'] as const;
    for (const name of names) {
      feeds.set(`/${name}.ics`, readFixture(name, shift));
      const feed = await addFeed(name, `/${name}.ics`);
      const synced = await sync(feed.id);
      expect(synced, name).toMatchObject({
        lastError: null,
        eventCount: fixtureEvents(name, shift).length,
        skippedCount: FIXTURE_SKIPPED[name],
      });
    }
    const all = names.flatMap((name) => fixtureEvents(name, shift));
    const from = earliestToday();
    const to = addMonths(from, 18);
    const response = await t.app.inject({ method: 'GET', url: `/api/availability?from=${from}&to=${to}` });
    expect(response.json().unavailable).toEqual(clipRanges(all, from, to));
    expect(response.json().unavailable.length).toBeGreaterThan(0);
  });

  it('imports its nights, lists it for the owner, and asks again with the ETag', async () => {
    feeds.set('/airbnb.ics', plainFeed([d(1), d(4)], [d(10), d(12)]));
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    expect(feed.exportUrl).toMatch(/^http:\/\/estadia\.test\/api\/calendar\/[\w-]{32}\.ics$/);
    const synced = await sync(feed.id);
    expect(synced).toMatchObject({ lastError: null, eventCount: 2 });
    expect(synced.lastSuccessAt).toBe(synced.lastSyncAt);
    expect(await taken()).toEqual([
      { start: d(1), end: d(4) },
      { start: d(10), end: d(12) },
    ]);
    await sync(feed.id);
    const asked = feeds.requests.filter((r) => r.path === '/airbnb.ics');
    expect(asked.at(-1)?.ifNoneMatch).toMatch(/^"[0-9a-f]+"$/);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/feeds', headers: headers() });
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: feed.id,
        name: 'Airbnb',
        url: feeds.url('/airbnb.ics'),
        eventCount: 2,
        lastError: null,
      }),
    ]);
  });

  it('replaces the feed’s whole set at each import', async () => {
    feeds.set('/vrbo.ics', plainFeed([d(1), d(4)]));
    const feed = await addFeed('Vrbo', '/vrbo.ics');
    await sync(feed.id);
    feeds.set('/vrbo.ics', plainFeed([d(5), d(6)], [d(8), d(9)]));
    expect((await sync(feed.id)).eventCount).toBe(2);
    expect(await taken()).toEqual([
      { start: d(5), end: d(6) },
      { start: d(8), end: d(9) },
    ]);
  });

  it('keeps the last good nights when the feed fails or is not a calendar, and says why', async () => {
    feeds.set('/booking.ics', plainFeed([d(2), d(5)]));
    const feed = await addFeed('Booking.com', '/booking.ics');
    await sync(feed.id);
    feeds.set('/booking.ics', { status: 503 });
    const down = await sync(feed.id);
    expect(down.lastError).toMatch(/503/);
    expect(down.eventCount).toBe(1);
    feeds.set('/booking.ics', '<html>Maintenance</html>');
    expect((await sync(feed.id)).lastError).toBeTruthy();
    expect(await taken()).toEqual([{ start: d(2), end: d(5) }]);
  });

  it('frees the nights of a feed that turns empty only when the next sync agrees', async () => {
    feeds.set('/airbnb.ics', plainFeed([d(2), d(5)]));
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    await sync(feed.id);
    feeds.set('/airbnb.ics', plainFeed());
    expect((await sync(feed.id)).lastError).toBeNull();
    expect(await taken()).toEqual([{ start: d(2), end: d(5) }]);
    await sync(feed.id);
    expect(await taken()).toEqual([]);
  });

  it('drops a deleted feed’s nights and its export', async () => {
    feeds.set('/airbnb.ics', plainFeed([d(2), d(5)]));
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    await sync(feed.id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/feeds/${feed.id}`, headers: headers() })).statusCode,
    ).toBe(204);
    expect(await taken()).toEqual([]);
    expect((await fetchExport(feed.exportUrl)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/feeds/${feed.id}/sync`, headers: headers() })).statusCode,
    ).toBe(404);
  });
});

describe('exports', () => {
  it('give each feed the blocks and the other feeds’ nights, never its own; the site’s gives everything', async () => {
    feeds.set('/airbnb.ics', plainFeed([d(1), d(3)]));
    feeds.set('/booking.ics', plainFeed([d(6), d(8)]));
    const airbnb = await addFeed('Airbnb', '/airbnb.ics');
    const booking = await addFeed('Booking.com', '/booking.ics');
    await sync(airbnb.id);
    await sync(booking.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/blocks',
      headers: headers(),
      payload: { start: d(10), end: d(11), note: 'Private: the Silvas' },
    });
    const nights = async (url: string) => {
      const response = await fetchExport(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.body).not.toContain('Silvas');
      return mergeRanges(parseFeed(response.body, earliestToday()).events);
    };
    expect(await nights(airbnb.exportUrl)).toEqual([
      { start: d(6), end: d(8) },
      { start: d(10), end: d(11) },
    ]);
    expect(await nights(booking.exportUrl)).toEqual([
      { start: d(1), end: d(3) },
      { start: d(10), end: d(11) },
    ]);
    const site = (await t.app.inject({ method: 'GET', url: '/api/admin/calendar', headers: headers() })).json()
      .exportUrl as string;
    expect(await nights(site)).toEqual([
      { start: d(1), end: d(3) },
      { start: d(6), end: d(8) },
      { start: d(10), end: d(11) },
    ]);
  });

  it('keep each event’s UID while it exists', async () => {
    feeds.set('/airbnb.ics', plainFeed([d(1), d(3)]));
    const airbnb = await addFeed('Airbnb', '/airbnb.ics');
    await sync(airbnb.id);
    const site = (await t.app.inject({ method: 'GET', url: '/api/admin/calendar', headers: headers() })).json()
      .exportUrl as string;
    const uids = async () => [...(await fetchExport(site)).body.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1]);
    const before = await uids();
    feeds.set('/airbnb.ics', plainFeed([d(1), d(3)]).replace('UID:', 'UID:changed-'));
    await sync(airbnb.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/blocks',
      headers: headers(),
      payload: { start: d(20), end: d(21) },
    });
    const after = await uids();
    expect(after).toHaveLength(2);
    expect(after).toEqual(expect.arrayContaining(before));
  });

  it('stop working at the old URL once rotated', async () => {
    feeds.set('/airbnb.ics', plainFeed());
    const airbnb = await addFeed('Airbnb', '/airbnb.ics');
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/feeds/${airbnb.id}/rotate`,
      headers: headers(),
    });
    expect(rotated.json().exportUrl).not.toBe(airbnb.exportUrl);
    expect((await fetchExport(airbnb.exportUrl)).statusCode).toBe(404);
    expect((await fetchExport(rotated.json().exportUrl)).statusCode).toBe(200);
    const site = (await t.app.inject({ method: 'GET', url: '/api/admin/calendar', headers: headers() })).json()
      .exportUrl as string;
    const newSite = (
      await t.app.inject({ method: 'POST', url: '/api/admin/calendar/rotate', headers: headers() })
    ).json().exportUrl as string;
    expect(newSite).not.toBe(site);
    expect((await fetchExport(site)).statusCode).toBe(404);
    expect((await fetchExport(newSite)).statusCode).toBe(200);
  });
});

describe('alerts', () => {
  it('mails the owner once when a feed has failed for 30 minutes, and once when it recovers', async () => {
    feeds.set('/airbnb.ics', { status: 500 });
    const feed = await addFeed('Airbnb', '/airbnb.ics');
    await sync(feed.id);
    await sync(feed.id);
    expect(smtp.received).toHaveLength(0);
    // Failing since 31 minutes ago, as if the syncs before had run then.
    await t.app.db
      .updateTable('calendarFeeds')
      .set({ failingSince: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where('id', '=', feed.id)
      .execute();
    await sync(feed.id);
    await sync(feed.id);
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([
      expect.stringMatching(/^Calendar feed "Airbnb" has been failing since/),
    ]);
    expect(smtp.received[0]?.parsed.text).toMatch(/500/);
    feeds.set('/airbnb.ics', plainFeed([d(1), d(2)]));
    await sync(feed.id);
    await sync(feed.id);
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([
      expect.stringMatching(/failing/),
      'Calendar feed "Airbnb" works again',
    ]);
  });
});
