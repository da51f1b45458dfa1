import { afterEach, describe, expect, it } from 'vitest';
import {
  contentEditor,
  contentFile,
  type ContentJson,
  withCleaningFee,
} from '../../../tests/support/server/content-editor.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { addDays } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';
import { storedText } from './content-document.js';
import { insertVersion } from './content-versions-data.js';
import type { Repeat } from './content-poll.js';

// Two servers on one database: a publish on one reaches the other at its next poll, within 10 s.

/** A Repeat that runs only when the test fires it, and remembers the period it was asked for. */
function manualRepeat() {
  const ticks: Array<() => Promise<void>> = [];
  let periodMs = 0;
  const repeat: Repeat = (tick, ms) => {
    ticks.push(tick);
    periodMs = ms;
    return () => void ticks.splice(ticks.indexOf(tick), 1);
  };
  return {
    repeat,
    periodMs: () => periodMs,
    running: () => ticks.length,
    fire: async () => {
      for (const tick of [...ticks]) await tick();
    },
  };
}

let a: TestApp | undefined;
let b: TestApp | undefined;
afterEach(async () => {
  await b?.app.close();
  await a?.close();
  a = b = undefined;
});

const checkIn = addDays(earliestToday(), 40);
const stay = `/api/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=2`;
const total = async (app: TestApp) => (await app.app.inject(stay)).json<{ total: number }>().total;

describe('another server’s publish', () => {
  it('is served here after the next poll, which runs at least every 10 s, and not before', async () => {
    const poll = manualRepeat();
    a = await createTestApp();
    b = await createTestApp({ DATABASE_URL: a.databaseUrl }, { contentPoll: poll.repeat });
    expect(poll.periodMs()).toBeGreaterThan(0);
    expect(poll.periodMs()).toBeLessThanOrEqual(10_000);
    const before = await total(b);

    const editor = await contentEditor(a.app);
    await editor.publishContent(withCleaningFee(contentFile(), 9900));
    expect(await total(a)).toBe(before - 5000 + 9900);
    // B's quote is even cached: it must still be dropped when the new version arrives.
    expect(await total(b)).toBe(before);
    expect(b.app.content.current().version).toBe(1);

    await poll.fire();
    expect(b.app.content.current().version).toBe(2);
    expect(await total(b)).toBe(before - 5000 + 9900);
    expect(b.app.bookings.property.pricing?.cleaningFee).toBe(9900);

    // Nothing new: a poll reads the number only and changes nothing.
    await poll.fire();
    expect(b.app.content.current().version).toBe(2);
  });

  it('keeps the content it has when the newest version is one its schema refuses', async () => {
    const poll = manualRepeat();
    a = await createTestApp();
    b = await createTestApp({ DATABASE_URL: a.databaseUrl }, { contentPoll: poll.repeat });
    const broken = { ...contentFile(), capacity: 0 } as ContentJson;
    await insertVersion(a.app.db, {
      version: 2,
      content: JSON.stringify(broken),
      publishedAt: new Date().toISOString(),
      publishedBy: 'admin',
    });
    await poll.fire();
    expect(b.app.content.current().version).toBe(1);
    // A valid one after it is taken.
    await insertVersion(a.app.db, {
      version: 3,
      content: storedText({ ...b.app.property, capacity: 5 }),
      publishedAt: new Date().toISOString(),
      publishedBy: 'admin',
    });
    await poll.fire();
    expect(b.app.content.current().version).toBe(3);
    expect(b.app.property.capacity).toBe(5);
  });

  it('stops polling when the server closes', async () => {
    const poll = manualRepeat();
    const app = await createTestApp({}, { contentPoll: poll.repeat });
    expect(poll.running()).toBe(1);
    await app.close();
    expect(poll.running()).toBe(0);
  });
});
