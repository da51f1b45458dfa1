import { randomInt, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { insertBlock } from '../../src/server/calendar/blocks-data.js';
import { newExportToken } from '../../src/server/calendar/export-tokens.js';
import { replaceFeedEvents } from '../../src/server/calendar/feed-events-data.js';
import { insertFeed } from '../../src/server/calendar/feeds-data.js';
import { openDatabase } from '../../src/server/db/database.js';
import { addDays, addMonths } from '../../src/shared/date-ranges.js';
import { earliestToday } from '../../src/shared/dates.js';
import { FeedServer } from '../../tests/support/server/feed-server.js';
import { plainFeed } from '../../tests/support/fixtures/calendar-feeds.js';
import { adminHeaders } from './admin-session.js';
import { percentile, type SubmissionFigures } from './requests.js';

// The availability calendar's part of the benchmark: 300 taken ranges over the 18 months
// GET /api/availability answers for, and the import of a 2,000-event feed through the API.

export const AVAILABILITY_RANGES = 300;
export const IMPORT_EVENTS = 2_000;
const IMPORT_RUNS = 5;

/** The window the benchmark asks for: today and 18 months on, as the page does. */
export function availabilityWindow(): { from: string; to: string } {
  const from = earliestToday();
  return { from, to: addMonths(from, 18) };
}

const randomRanges = (count: number, from: string, days: number) =>
  Array.from({ length: count }, () => {
    const start = addDays(from, randomInt(0, days));
    return { start, end: addDays(start, randomInt(1, 8)) };
  });

/** Half the ranges as the owner's blocks, half as one imported feed's events, as the server stores them. */
export async function seedCalendar(databaseUrl: string): Promise<void> {
  const db = await openDatabase(databaseUrl);
  try {
    const { from, to } = availabilityWindow();
    const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
    const createdAt = new Date().toISOString();
    for (const range of randomRanges(AVAILABILITY_RANGES / 2, from, days)) {
      await insertBlock(db, { id: randomUUID(), ...range, note: 'Bench', kind: 'block', inquiryId: null, createdAt });
    }
    await insertFeed(db, {
      id: 'bench-seeded-feed',
      name: 'Seeded',
      url: 'https://calendar.invalid/seeded.ics',
      exportToken: newExportToken(),
      createdAt,
    });
    const events = randomRanges(AVAILABILITY_RANGES / 2, from, days).map((r) => ({ ...r, kind: 'booked' as const }));
    await replaceFeedEvents(db, 'bench-seeded-feed', events, randomUUID);
  } finally {
    await db.destroy();
  }
}

/**
 * Serves a 2,000-event feed from a loopback HTTP server, adds it through the admin API and times
 * the sync button IMPORT_RUNS times. The feed changes before each run (a fresh ETag), so every
 * sync downloads, parses and replaces all of it.
 */
export async function timeFeedImport(baseUrl: string, password: string): Promise<SubmissionFigures> {
  const feeds = await FeedServer.start();
  const failures: string[] = [];
  const durations: number[] = [];
  try {
    const headers = await adminHeaders(baseUrl, password);
    const feedText = (run: number) =>
      plainFeed(
        ...randomRanges(IMPORT_EVENTS, addDays(earliestToday(), run), 540).map(
          (r) => [r.start, r.end] as [string, string],
        ),
      );
    feeds.set('/big.ics', feedText(0));
    const created = await fetch(`${baseUrl}/api/admin/feeds`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', url: feeds.url('/big.ics') }),
    });
    if (created.status !== 201) throw new Error(`adding the feed answered ${created.status}`);
    const { id } = (await created.json()) as { id: string };
    for (let run = 1; run <= IMPORT_RUNS; run++) {
      feeds.set('/big.ics', feedText(run));
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/admin/feeds/${id}/sync`, { method: 'POST', headers });
      const body = (await response.json()) as { lastError: string | null; eventCount: number };
      durations.push(performance.now() - started);
      if (response.status !== 200 || body.lastError || body.eventCount !== IMPORT_EVENTS)
        failures.push(`run ${run}: ${response.status} ${JSON.stringify(body)}`);
    }
  } finally {
    await feeds.close();
  }
  const sorted = durations.toSorted((a, b) => a - b);
  return {
    count: IMPORT_RUNS,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    failures,
  };
}
