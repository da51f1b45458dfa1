import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedServer } from '../../../tests/support/server/feed-server.js';
import { plainFeed } from '../../../tests/support/fixtures/calendar-feeds.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { addDays } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';

const d = (offset: number) => addDays(earliestToday(), 30 + offset);

let a: TestApp;
let b: TestApp;
let strict: TestApp;
let feeds: FeedServer;
const headers = (cookie: string) => ({ cookie, origin: 'http://estadia.test' });

beforeAll(async () => {
  feeds = await FeedServer.start();
  a = await createTestApp({ CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' });
  // Two more servers on the first one's database: one that may fetch from loopback as well, and
  // one with the default rules.
  b = await createTestApp({ DATABASE_URL: a.databaseUrl, CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' });
  strict = await createTestApp({ DATABASE_URL: a.databaseUrl });
});
afterAll(async () => {
  await strict.app.close();
  await b.app.close();
  await a.close();
  await feeds.close();
});

describe('calendar sync on two servers', () => {
  it('syncs each feed once per period, whichever server asks', async () => {
    const cookie = await login(a.app);
    for (const name of ['one', 'two', 'three']) {
      feeds.set(`/${name}.ics`, plainFeed([d(1), d(2)]));
      const response = await a.app.inject({
        method: 'POST',
        url: '/api/admin/feeds',
        headers: headers(cookie),
        payload: { name, url: feeds.url(`/${name}.ics`) },
      });
      expect(response.statusCode).toBe(201);
    }
    // The period the servers' start-up syncs took is over.
    await a.app.db.deleteFrom('jobLeases').execute();
    const ran = await Promise.all([
      a.app.calendarSync.syncAll(),
      b.app.calendarSync.syncAll(),
      a.app.calendarSync.syncAll(),
      b.app.calendarSync.syncAll(),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    for (const name of ['one', 'two', 'three']) expect(feeds.requestsFor(`/${name}.ics`), name).toBe(1);
    // Within the same period, nobody syncs again.
    expect(await Promise.all([a.app.calendarSync.syncAll(), b.app.calendarSync.syncAll()])).toEqual([false, false]);
  });
});

describe('feeds that are not public calendars', () => {
  it('are refused when saved without CALENDAR_ALLOW_PRIVATE_HOSTS, with the reason', async () => {
    const cookie = await login(strict.app);
    for (const [url, reason] of [
      [feeds.url('/one.ics'), /https/],
      [feeds.url('/one.ics').replace('http:', 'https:'), /loopback|private/],
      ['https://[::1]/feed.ics', /loopback|private/],
      ['https://10.1.2.3/feed.ics', /private/],
      ['https://169.254.169.254/latest/meta-data', /link-local|private/],
    ] as const) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/feeds',
        headers: headers(cookie),
        payload: { name: 'Sneaky', url },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toMatchObject({ code: 'invalid_field', field: 'url' });
      expect(response.json().error.message, url).toMatch(reason);
    }
  });

  it('are refused at fetch time too: a feed saved where allowed fails on a server without the setting, and keeps its nights', async () => {
    const cookie = await login(strict.app);
    const feed = (await strict.app.inject({ method: 'GET', url: '/api/admin/feeds', headers: headers(cookie) })).json()
      .items[0] as { id: string; eventCount: number };
    const before = feeds.requestsFor('/one.ics') + feeds.requestsFor('/two.ics') + feeds.requestsFor('/three.ics');
    const synced = await strict.app.inject({
      method: 'POST',
      url: `/api/admin/feeds/${feed.id}/sync`,
      headers: headers(cookie),
    });
    expect(synced.statusCode).toBe(200);
    expect(synced.json().lastError).toMatch(/https/);
    expect(synced.json().eventCount).toBe(feed.eventCount);
    expect(feeds.requestsFor('/one.ics') + feeds.requestsFor('/two.ics') + feeds.requestsFor('/three.ics')).toBe(
      before,
    );
  });
});
