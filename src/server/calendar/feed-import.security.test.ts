import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedServer } from '../../../tests/support/server/feed-server.js';
import { plainFeed } from '../../../tests/support/fixtures/calendar-feeds.js';
import { oddString } from '../../../tests/support/server/fuzz-requests.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { addDays } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';

// 1,000 generated feed bodies through the whole import, over HTTP: the server answers every sync
// with the feed (200), never a 500, keeps running, and a body it cannot read keeps the last nights.

const RUNS = 1000;
const d = (offset: number) => addDays(earliestToday(), offset);

const validFeed = fc
  .array(fc.tuple(fc.integer({ min: -30, max: 400 }), fc.integer({ min: 1, max: 30 })), { maxLength: 8 })
  .map((stays) => plainFeed(...stays.map(([s, n]) => [d(s), d(s + n)] as [string, string])));

/** Valid feeds with lines dropped, repeated, cut or replaced by odd text; random bytes; random lines. */
const feedBody = fc.oneof(
  validFeed,
  fc
    .tuple(
      validFeed,
      fc.array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'repeat', 'cut', 'replace', 'insert'), oddString), {
        minLength: 1,
        maxLength: 6,
      }),
    )
    .map(([text, edits]) => {
      const lines = text.split('\r\n');
      for (const [at, edit, odd] of edits) {
        const i = at % lines.length;
        if (edit === 'drop') lines.splice(i, 1);
        else if (edit === 'repeat') lines.splice(i, 0, lines[i] ?? '');
        else if (edit === 'cut') lines[i] = (lines[i] ?? '').slice(0, odd.length % 12);
        else if (edit === 'replace') lines[i] = `${(lines[i] ?? '').split(':')[0]}:${odd}`;
        else lines.splice(i, 0, odd);
      }
      return lines.join('\r\n');
    }),
  fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
  fc.array(oddString, { maxLength: 20 }).map((lines) => ['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR'].join('\n')),
);

let t: TestApp;
let feeds: FeedServer;
let cookie: string;
beforeAll(async () => {
  feeds = await FeedServer.start();
  t = await createTestApp({ CALENDAR_ALLOW_PRIVATE_HOSTS: 'true' });
  cookie = await login(t.app);
});
afterAll(async () => {
  await t.close();
  await feeds.close();
});

describe('importing generated feed bodies', () => {
  it(`answers ${RUNS} syncs of generated bodies with the feed, and a failed one keeps the nights`, async () => {
    const headers = { cookie, origin: 'http://estadia.test' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feeds',
      headers,
      payload: { name: 'Fuzz', url: feeds.url('/fuzz.ics') },
    });
    const { id } = created.json() as { id: string };
    let failed = 0;
    await fc.assert(
      fc.asyncProperty(feedBody, async (body) => {
        const before = await t.app.db
          .selectFrom('feedEvents')
          .select(['startDate', 'endDate'])
          .where('feedId', '=', id)
          .orderBy('startDate')
          .orderBy('endDate')
          .execute();
        feeds.set('/fuzz.ics', body);
        const response = await t.app.inject({ method: 'POST', url: `/api/admin/feeds/${id}/sync`, headers });
        expect(response.statusCode).toBe(200);
        const feed = response.json() as { lastError: string | null };
        if (feed.lastError) {
          failed++;
          const after = await t.app.db
            .selectFrom('feedEvents')
            .select(['startDate', 'endDate'])
            .where('feedId', '=', id)
            .orderBy('startDate')
            .orderBy('endDate')
            .execute();
          expect(after).toEqual(before);
        }
      }),
      { numRuns: RUNS, seed: 20_261_123 },
    );
    // Both outcomes happened, so the property tested both.
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(RUNS);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  }, 180_000);
});
