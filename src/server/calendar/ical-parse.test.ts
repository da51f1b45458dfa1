import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isValidRange } from '../../shared/date-ranges.js';
import {
  FIXTURE_SKIPPED,
  FIXTURE_TODAY,
  expectedKind,
  feedBytes,
  feedText,
  fixtureEvents,
  readFixture,
  type FeedEventSpec,
  type FeedOptions,
  type FeedShape,
  type FixtureName,
  rawCalendar,
  rawEvent,
} from '../../../tests/support/fixtures/calendar-feeds.js';
import { FeedParseError, parseFeed, unfoldFeed, type ParsedFeed } from './ical-parse.js';

const TODAY = '2026-11-23';
const nightsOf = (feed: ParsedFeed) => feed.events.map(({ start, end }) => ({ start, end }));

/** Turnover, one night, a year's end, a leap day and the longest stay kept (366 nights). */
const STAYS: FeedEventSpec[] = [
  { start: '2026-12-01', end: '2026-12-04', kind: 'booked' },
  { start: '2026-12-04', end: '2026-12-05', kind: 'blocked' },
  { start: '2026-12-30', end: '2027-01-02', kind: 'booked' },
  { start: '2028-02-28', end: '2028-03-01', kind: 'blocked' },
  { start: '2029-01-01', end: '2030-01-02', kind: 'booked' },
];

describe('the fixture feeds', () => {
  const names: FixtureName[] = ['airbnb', 'booking', 'vrbo'];

  it.each(names)('%s gives its nights and kinds, and skips the past ones', (name) => {
    const feed = parseFeed(readFixture(name), FIXTURE_TODAY);
    expect(feed.events).toEqual(fixtureEvents(name));
    expect(feed.skipped).toBe(FIXTURE_SKIPPED[name]);
  });

  it.each(names)('%s shifted by 400 days gives the same nights 400 days later', (name) => {
    const feed = parseFeed(readFixture(name, 400), addDays(FIXTURE_TODAY, 400));
    expect(feed.events).toEqual(fixtureEvents(name, 400));
  });

  it.each(names)('%s keeps no guest data: no summary, name, phone digits or link', (name) => {
    const json = JSON.stringify(parseFeed(readFixture(name), FIXTURE_TODAY));
    for (const text of [
      'Reserved',
      'Not available',
      'João',
      'Émilie',
      '4821',
      '7314',
      '912',
      'HM8ZQ4KX2P',
      'airbnb.com',
      'http',
    ]) {
      expect(json).not.toContain(text);
    }
    expect(Object.keys(parseFeed(readFixture(name), FIXTURE_TODAY).events[0] ?? {}).sort()).toEqual([
      'end',
      'kind',
      'start',
    ]);
  });

  it.each(names)(
    '%s, read for the sync, keeps what completes a stay and no name, whole phone number or link',
    (name) => {
      const feed = parseFeed(readFixture(name), FIXTURE_TODAY, { details: true });
      const json = JSON.stringify(feed);
      for (const text of ['João', 'Maria', 'Émilie', '912 345', '961 234', 'http', 'hosting/reservations'])
        expect(json).not.toContain(text);
      expect(feed.events.map(({ start, end, kind }) => ({ start, end, kind }))).toEqual(
        parseFeed(readFixture(name), FIXTURE_TODAY).events,
      );
      expect(feed.platform).toBe(name);
      for (const event of feed.events) expect(event.uid).toMatch(/\S/);
    },
  );

  it("reads Airbnb's reservation code and phone digits from the description, as Airbnb writes them", () => {
    const events = parseFeed(readFixture('airbnb'), '2026-11-01', { details: true }).events;
    expect(events.map((e) => [e.start, e.summary, e.reference, e.phoneDigits])).toEqual([
      ['2026-12-18', 'Reserved', 'HM8ZQ4KX2P', '7314'],
      ['2027-01-02', 'Reserved', 'HMT5RJ9YAC', '0562'],
      ['2027-01-09', 'Reserved', 'HMB2NX7VQE', '3398'],
      ['2027-02-14', 'Airbnb (Not available)', null, null],
      ['2027-05-24', 'Airbnb (Not available)', null, null],
    ]);
    const vrbo = parseFeed(readFixture('vrbo'), '2026-11-01', { details: true }).events;
    expect(vrbo[0]).toMatchObject({ summary: 'Reserved', reference: null, phoneDigits: null });
  });

  it('the Vrbo fixture folds inside "ç", and the unfolded text has it whole', () => {
    const raw = readFixture('vrbo');
    expect(raw.includes(Buffer.from('Gon\xc3\r\n \xa7alves', 'latin1'))).toBe(true);
    const text = unfoldFeed(raw);
    expect(text).toContain('Mrs João Gonçalves\\, +351');
    expect(text).not.toContain('\uFFFD');
  });
});

describe('every shape real feeds send gives the same nights', () => {
  const shapes: FeedShape[] = ['airbnb', 'booking', 'vrbo'];
  const variants: FeedOptions[] = [];
  for (const lineEnding of ['crlf', 'lf'] as const)
    for (const fold of ['none', 'space', 'tab'] as const)
      for (const time of ['date', 'utc', 'tzid'] as const)
        for (const duration of [false, true])
          for (const lowercase of [false, true])
            for (const bom of [false, true])
              variants.push({ lineEnding, fold, foldAt: 8, time, duration, lowercase, bom });

  it.each(shapes)(
    '%s in %# line-ending, fold (octets, inside characters), time-zone, DURATION, case and BOM shapes',
    (shape) => {
      const expected = STAYS.map((s) => ({ start: s.start, end: s.end, kind: expectedKind(s, shape) }));
      for (const variant of variants) {
        const options = { ...variant, shape };
        expect(parseFeed(feedBytes(STAYS, options), TODAY), JSON.stringify(options)).toEqual({
          events: expected,
          skipped: 0,
        });
        expect(parseFeed(feedText(STAYS, options), TODAY), `text ${JSON.stringify(options)}`).toEqual({
          events: expected,
          skipped: 0,
        });
      }
    },
  );

  it('the folding is real: an 8-octet fold splits the multi-byte characters of the Vrbo guest name', () => {
    const bytes = feedBytes(STAYS, { shape: 'vrbo', fold: 'space', foldAt: 8 });
    expect(bytes.toString('utf8')).toContain('\uFFFD');
    expect(unfoldFeed(bytes)).toContain('SUMMARY:Reserved - João Gonçalves\n');
  });
});

describe('unfoldFeed', () => {
  it('removes a line break and exactly one space or tab after it', () => {
    expect(unfoldFeed('SUMMARY:a\r\n  b\r\nX:1\r\n\tc')).toBe('SUMMARY:a b\nX:1c');
    expect(unfoldFeed('A:1\n\t\tb')).toBe('A:1\tb');
  });

  it('accepts CRLF, LF and a lone CR, and drops a byte-order mark', () => {
    expect(unfoldFeed(Buffer.from('\uFEFFA:1\r\nB:2\nC:3\rD:4', 'utf8'))).toBe('A:1\nB:2\nC:3\nD:4');
  });

  it('joins a fold that splits a three-byte character', () => {
    const euro = Buffer.from('€', 'utf8');
    const folded = Buffer.concat([Buffer.from('X:'), euro.subarray(0, 2), Buffer.from('\r\n '), euro.subarray(2)]);
    expect(unfoldFeed(folded)).toBe('X:€');
  });
});

describe('dates', () => {
  const one = (...lines: string[]) => parseFeed(rawCalendar(rawEvent(...lines)), TODAY);

  it('reads a date-time as the date written, whatever its zone', () => {
    expect(
      nightsOf(one('DTSTART;TZID=Pacific/Kiritimati:20261201T000000', 'DTEND;TZID=Pacific/Kiritimati:20261203T000000')),
    ).toEqual([{ start: '2026-12-01', end: '2026-12-03' }]);
    expect(nightsOf(one('DTSTART:20261201T235959Z', 'DTEND:20261202T000000Z'))).toEqual([
      { start: '2026-12-01', end: '2026-12-02' },
    ]);
  });

  it('reads DURATION with days, weeks and hours, across months and years', () => {
    expect(nightsOf(one('DTSTART;VALUE=DATE:20261230', 'DURATION:P1W'))).toEqual([
      { start: '2026-12-30', end: '2027-01-06' },
    ]);
    expect(nightsOf(one('DTSTART:20261231T150000', 'DURATION:PT20H'))).toEqual([
      { start: '2026-12-31', end: '2027-01-01' },
    ]);
  });

  it('gives an all-day event without DTEND or DURATION one night, even on 31 December', () => {
    expect(nightsOf(one('DTSTART;VALUE=DATE:20261231'))).toEqual([{ start: '2026-12-31', end: '2027-01-01' }]);
  });

  it('takes DTSTART:20261201 without VALUE=DATE as a date', () => {
    expect(nightsOf(one('DTSTART:20261201', 'DTEND:20261203'))).toEqual([{ start: '2026-12-01', end: '2026-12-03' }]);
  });

  it('keeps an event that ends tomorrow and skips one that ends today', () => {
    expect(
      one('DTSTART;VALUE=DATE:20261120', `DTEND;VALUE=DATE:${addDays(TODAY, 1).replaceAll('-', '')}`).events,
    ).toHaveLength(1);
    expect(one('DTSTART;VALUE=DATE:20261120', 'DTEND;VALUE=DATE:20261123')).toEqual({ events: [], skipped: 1 });
  });

  it('keeps 366 nights and skips 367', () => {
    expect(one('DTSTART;VALUE=DATE:20270101', 'DURATION:P366D').events).toHaveLength(1);
    expect(one('DTSTART;VALUE=DATE:20270101', 'DURATION:P367D')).toEqual({ events: [], skipped: 1 });
    expect(daysBetween('2027-01-01', '2028-01-03')).toBe(367);
    expect(one('DTSTART;VALUE=DATE:20270101', 'DTEND;VALUE=DATE:20280103')).toEqual({ events: [], skipped: 1 });
  });

  it.each([
    ['an end on its start', ['DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261201']],
    ['an end before its start', ['DTSTART;VALUE=DATE:20261205', 'DTEND;VALUE=DATE:20261201']],
    ['a date-time stay within one day (no night)', ['DTSTART:20261201T090000Z', 'DTEND:20261201T180000Z']],
    ['a date-time without DTEND or DURATION (no night)', ['DTSTART:20261201T090000Z']],
    ['an RRULE', ['DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261202', 'RRULE:FREQ=WEEKLY;COUNT=4']],
    ['an RDATE', ['DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261202', 'RDATE;VALUE=DATE:20261208']],
    ['no DTSTART', ['DTEND;VALUE=DATE:20261202']],
    ['DTSTART:garbage', ['DTSTART:garbage', 'DTEND;VALUE=DATE:20261202']],
    ['month 13', ['DTSTART;VALUE=DATE:20261301', 'DTEND;VALUE=DATE:20261302']],
    ['30 February', ['DTSTART;VALUE=DATE:20270230', 'DTEND;VALUE=DATE:20270302']],
    ['hour 25', ['DTSTART:20261201T250000Z', 'DTEND:20261203T100000Z']],
    ['DURATION:soon', ['DTSTART;VALUE=DATE:20261201', 'DURATION:soon']],
    ['a negative DURATION', ['DTSTART;VALUE=DATE:20261201', 'DURATION:-P2D']],
    ['a DURATION of 99999999999 days', ['DTSTART;VALUE=DATE:20261201', 'DURATION:P99999999999D']],
    ['a DTEND of another type', ['DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=TEXT:tomorrow']],
  ])('skips and counts %s', (_name, lines) => {
    expect(one(...lines)).toEqual({ events: [], skipped: 1 });
  });

  it('ignores a cancelled event without counting it as skipped', () => {
    expect(one('DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261202', 'status:cancelled')).toEqual({
      events: [],
      skipped: 0,
    });
    expect(one('DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261202', 'STATUS:CONFIRMED').events).toHaveLength(1);
  });

  it('reads the events of every VCALENDAR in a file and nothing outside VEVENTs', () => {
    const text =
      rawCalendar(rawEvent('DTSTART;VALUE=DATE:20261201')) +
      rawCalendar('BEGIN:VTODO', 'DTSTART;VALUE=DATE:20261210', 'END:VTODO', rawEvent('DTSTART;VALUE=DATE:20261205'));
    expect(nightsOf(parseFeed(text, TODAY))).toEqual([
      { start: '2026-12-01', end: '2026-12-02' },
      { start: '2026-12-05', end: '2026-12-06' },
    ]);
  });

  it('gives an empty feed no events', () => {
    expect(parseFeed(rawCalendar(), TODAY)).toEqual({ events: [], skipped: 0 });
  });
});

describe('kinds', () => {
  it.each([
    ['Reserved', 'booked'],
    ['Reserved - João Gonçalves', 'booked'],
    ['Booked', 'booked'],
    ['Airbnb (Not available)', 'blocked'],
    ['CLOSED - Not available', 'blocked'],
    ['Blocked', 'blocked'],
    ['Owner stay', 'blocked'],
    [null, 'blocked'],
  ])('%s is %s', (summary, kind) => {
    const lines = ['DTSTART;VALUE=DATE:20261201', ...(summary ? [`SUMMARY:${summary}`] : [])];
    expect(parseFeed(rawCalendar(rawEvent(...lines)), TODAY).events[0]?.kind).toBe(kind);
  });
});

describe('what is not a calendar', () => {
  it.each([
    ['an HTML page', '<!doctype html><html><body>Sign in</body></html>', 'not an iCalendar file (no BEGIN:VCALENDAR)'],
    ['an empty body', '', 'not an iCalendar file (no BEGIN:VCALENDAR)'],
    ['JSON', '{"events":[]}', 'not an iCalendar file (no BEGIN:VCALENDAR)'],
    ['a bare VEVENT', rawEvent('DTSTART;VALUE=DATE:20261201'), 'not an iCalendar file (no BEGIN:VCALENDAR)'],
    [
      'a cut-off file',
      rawCalendar(rawEvent('DTSTART;VALUE=DATE:20261201')).replace('END:VCALENDAR', ''),
      'the iCalendar file cannot be read (invalid ical body. component began but did not end)',
    ],
    [
      'a line without a colon',
      rawCalendar('hello there'),
      'the iCalendar file cannot be read (invalid line (no token ";" or ":") "hello there")',
    ],
  ])('refuses %s, naming the reason', (_name, body, message) => {
    expect(() => parseFeed(body, TODAY)).toThrow(new FeedParseError(message));
  });
});

describe('robustness', () => {
  const valid = feedBytes(STAYS, { shape: 'vrbo', fold: 'space', foldAt: 20, time: 'tzid', duration: true });
  const vocabulary = [
    'BEGIN:VCALENDAR',
    'END:VCALENDAR',
    'BEGIN:VEVENT',
    'END:VEVENT',
    'BEGIN:VTIMEZONE',
    'END:VTIMEZONE',
    'DTSTART;VALUE=DATE:20261201',
    'DTEND;VALUE=DATE:20261203',
    'DTSTART:20261201T150000Z',
    'DTSTART;TZID=X:20261201T150000',
    'DURATION:P3D',
    'DURATION:PT999999H',
    'RRULE:FREQ=DAILY',
    'STATUS:CANCELLED',
    'SUMMARY:Reserved',
    'X;Y="a:b',
    ' folded',
    '\tfolded',
  ];
  const mutated = fc
    .array(fc.record({ at: fc.nat(valid.length), remove: fc.nat(8), insert: fc.uint8Array({ maxLength: 8 }) }), {
      minLength: 1,
      maxLength: 6,
    })
    .map((edits) =>
      edits.reduce(
        (bytes, e) => Buffer.concat([bytes.subarray(0, e.at), e.insert, bytes.subarray(e.at + e.remove)]),
        valid,
      ),
    );
  const randomLines = fc
    .array(fc.oneof(fc.constantFrom(...vocabulary), fc.string({ maxLength: 40 })), { maxLength: 60 })
    .chain((lines) => fc.constantFrom('\r\n', '\n', '\r').map((eol) => lines.join(eol)));
  const anyFeed = fc.oneof(
    fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
    mutated,
    randomLines,
  );

  it('1000 random feed texts give a ParsedFeed of sound ranges or a FeedParseError, never anything else', () => {
    const outcomes = { refused: 0, read: 0, withEvents: 0 };
    fc.assert(
      fc.property(anyFeed, (body) => {
        let feed: ParsedFeed;
        try {
          feed = parseFeed(body, TODAY);
        } catch (error) {
          expect(error).toBeInstanceOf(FeedParseError);
          outcomes.refused++;
          return;
        }
        outcomes.read++;
        if (feed.events.length > 0) outcomes.withEvents++;
        expect(feed.skipped).toBeGreaterThanOrEqual(0);
        for (const event of feed.events) {
          expect(isValidRange(event) && event.end > TODAY && daysBetween(event.start, event.end) <= 366).toBe(true);
          expect(['booked', 'blocked']).toContain(event.kind);
        }
      }),
      { numRuns: 1000 },
    );
    // The generators reach both outcomes, so the property is not checked on refusals alone.
    expect(outcomes.refused).toBeGreaterThan(100);
    expect(outcomes.withEvents).toBeGreaterThan(20);
  });

  it('reads a 2,000-event feed', () => {
    const stays = Array.from({ length: 2000 }, (_, i) => ({
      start: addDays('2026-12-01', i * 2),
      end: addDays('2026-12-01', i * 2 + 1),
    }));
    const feed = parseFeed(feedBytes(stays, { shape: 'airbnb' }), TODAY);
    expect(feed.events).toHaveLength(2000);
    expect(feed.events[1999]).toEqual({
      start: addDays('2026-12-01', 3998),
      end: addDays('2026-12-01', 3999),
      kind: 'booked',
    });
  });
});
