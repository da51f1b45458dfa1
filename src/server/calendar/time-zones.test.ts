import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nightsReport } from '../../../tests/support/server/nights-report.js';

const REPORT = fileURLToPath(new URL('../../../tests/support/server/nights-report.ts', import.meta.url));
const ZONES = { UTC: 0, 'Europe/Lisbon': -60, 'America/Los_Angeles': 420, 'Pacific/Kiritimati': -840 };

/** The report computed in a fresh Node process whose TZ is `zone`. */
function reportIn(zone: string): ReturnType<typeof nightsReport> {
  const script = `const { nightsReport } = await import(${JSON.stringify(REPORT)}); process.stdout.write(JSON.stringify(nightsReport()));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, TZ: zone },
    encoding: 'utf8',
    timeout: 15_000,
  });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(0);
  return JSON.parse(child.stdout) as ReturnType<typeof nightsReport>;
}

describe('time zones', () => {
  it('every feed shape, fixture and export round trip (fixed and seeded-random ranges) gives the same nights under UTC, Lisbon, Los Angeles and Kiritimati', () => {
    const here = nightsReport();
    const expected = {
      events: [
        { start: '2026-12-31', end: '2027-01-01' },
        { start: '2027-03-27', end: '2027-03-29' },
        { start: '2027-03-13', end: '2027-03-15' },
        { start: '2027-10-30', end: '2027-11-08' },
        { start: '2028-02-28', end: '2028-03-01' },
      ],
    };
    for (const feed of [...Object.values(here.shapes), here.roundTrip]) {
      expect(feed).toMatchObject({ events: expected.events.map((e) => expect.objectContaining(e)), skipped: 0 });
    }
    expect(here.randomRoundTrips.filter((r) => r.merged.length > 1)).not.toHaveLength(0);
    for (const { merged, reparsed } of here.randomRoundTrips) expect(reparsed).toEqual(merged);
    for (const [zone, offset] of Object.entries(ZONES)) {
      const there = reportIn(zone);
      expect(there.julyOffset, zone).toBe(offset);
      expect({ ...there, julyOffset: null }, zone).toEqual({ ...here, julyOffset: null });
    }
  });
});
