import fc from 'fast-check';
import { addDays, mergeRanges } from '../../../src/shared/date-ranges.js';
import { writeCalendar } from '../../../src/server/calendar/ical-export.js';
import { parseFeed } from '../../../src/server/calendar/ical-parse.js';
import {
  FIXTURE_TODAY,
  feedBytes,
  readFixture,
  type FeedEventSpec,
  type FeedOptions,
} from '../fixtures/calendar-feeds.js';

/**
 * Everything the calendar code makes of dates, from feeds of every shape and from an export round
 * trip, for a test to compute under several TZ values (each in its own process) and compare.
 */

const STAYS: FeedEventSpec[] = [
  { start: '2026-12-31', end: '2027-01-01', kind: 'booked' },
  { start: '2027-03-27', end: '2027-03-29', kind: 'blocked' }, // Europe's spring change on the 28th
  { start: '2027-03-13', end: '2027-03-15', kind: 'booked' }, // America's on the 14th
  { start: '2027-10-30', end: '2027-11-08', kind: 'booked' }, // both autumn changes
  { start: '2028-02-28', end: '2028-03-01', kind: 'blocked' },
];

/** The same random sets of ranges in every process: a fixed seed. */
function randomRoundTrips() {
  const range = fc
    .record({ offset: fc.integer({ min: 1, max: 1500 }), nights: fc.integer({ min: 1, max: 366 }) })
    .map(({ offset, nights }) => ({
      start: addDays(FIXTURE_TODAY, offset),
      end: addDays(FIXTURE_TODAY, offset + nights),
    }));
  return fc.sample(fc.array(range, { maxLength: 30 }), { seed: 12, numRuns: 60 }).map((ranges) => {
    const text = writeCalendar(
      ranges.map((r, i) => ({ uid: `b${i}@estadia`, ...r })),
      { name: 'Casa', now: new Date(0) },
    );
    return {
      merged: mergeRanges(ranges),
      reparsed: mergeRanges(parseFeed(text, FIXTURE_TODAY).events.map(({ start, end }) => ({ start, end }))),
    };
  });
}

export function nightsReport() {
  const shapes: Record<string, unknown> = {};
  for (const shape of ['airbnb', 'booking', 'vrbo'] as const)
    for (const time of ['date', 'utc', 'tzid'] as const)
      for (const duration of [false, true])
        for (const lowercase of [false, true]) {
          const options: FeedOptions = { shape, time, duration, lowercase, fold: 'tab', foldAt: 8, lineEnding: 'lf' };
          shapes[JSON.stringify(options)] = parseFeed(feedBytes(STAYS, options), FIXTURE_TODAY);
        }
  const fixtures = Object.fromEntries(
    (['airbnb', 'booking', 'vrbo'] as const).map((name) => [name, parseFeed(readFixture(name), FIXTURE_TODAY)]),
  );
  const exported = writeCalendar(
    STAYS.map((s, i) => ({ uid: `block-${i}@estadia`, start: s.start, end: s.end })),
    { name: 'Casa', now: new Date(Date.UTC(2026, 10, 23, 8)) },
  );
  return {
    /** Minutes from UTC in July, to show the zone did change between runs. */
    julyOffset: new Date(2027, 6, 1).getTimezoneOffset(),
    shapes,
    fixtures,
    exported,
    roundTrip: parseFeed(exported, FIXTURE_TODAY),
    randomRoundTrips: randomRoundTrips(),
  };
}
