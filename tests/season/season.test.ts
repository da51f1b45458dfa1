import { afterAll, describe, expect, it } from 'vitest';
import { daysBetween } from '../../src/shared/date-ranges.js';
import { closeWorld, openWorld, type World } from './harness.js';
import { runSeason } from './season-run.js';
import { FIRST_DAY, LAST_DAY, SEASON } from './scenario.js';
import { failureLines, seasonSummary } from './summary.js';

// A simulated year of one house (scenario.ts) against the real app on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL, asserting the invariants (invariants.ts) after every day.
// A failure names the day and the invariant; the summary is printed either way.

let world: World | undefined;
afterAll(async () => closeWorld(world), 60_000);

describe('a season of one house', () => {
  it('keeps every invariant on every day of 2027', { timeout: 900_000 }, async () => {
    const started = performance.now();
    world = await openWorld(FIRST_DAY);
    const result = await runSeason(world, SEASON, FIRST_DAY, LAST_DAY);
    console.log(await seasonSummary(world, result, (performance.now() - started) / 1000));
    expect(failureLines(result.failures)).toBe('');
    expect(result.days).toBe(daysBetween(FIRST_DAY, LAST_DAY) + 1);
  });
});
