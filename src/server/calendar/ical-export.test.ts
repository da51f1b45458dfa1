import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays, mergeRanges } from '../../shared/date-ranges.js';
import { writeCalendar } from './ical-export.js';
import { parseFeed, unfoldFeed } from './ical-parse.js';

const NOW = new Date(Date.UTC(2026, 10, 23, 8, 0, 5));
const TODAY = '2026-11-23';
const lines = (text: string) => text.split('\r\n').slice(0, -1);

describe('writeCalendar', () => {
  it('writes all-day events with an exclusive DTEND, "Not available" and the given UIDs', () => {
    const text = writeCalendar(
      [
        { uid: 'block-1@estadia', start: '2026-12-01', end: '2026-12-02' },
        { uid: 'booking-7@estadia', start: '2026-12-31', end: '2027-01-03' },
      ],
      { name: 'Casa do Ribeirão', now: NOW },
    );
    expect(text).toBe(
      [
        'BEGIN:VCALENDAR',
        'PRODID:-//Estadia//Availability//EN',
        'VERSION:2.0',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'X-WR-CALNAME;VALUE=TEXT:Casa do Ribeirão',
        'BEGIN:VEVENT',
        'UID:block-1@estadia',
        'DTSTAMP:20261123T080005Z',
        'DTSTART;VALUE=DATE:20261201',
        'DTEND;VALUE=DATE:20261202',
        'SUMMARY:Not available',
        'TRANSP:OPAQUE',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:booking-7@estadia',
        'DTSTAMP:20261123T080005Z',
        'DTSTART;VALUE=DATE:20261231',
        'DTEND;VALUE=DATE:20270103',
        'SUMMARY:Not available',
        'TRANSP:OPAQUE',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('ends every line with CRLF and folds long lines within 75 octets, also inside non-ASCII text', () => {
    const name = `Casa do Ribeirão ${'ã€'.repeat(40)}`;
    const uid = `${'u'.repeat(150)}@estadia`;
    const text = writeCalendar([{ uid, start: '2026-12-01', end: '2026-12-02' }], { name, now: NOW });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(lines(text).filter((l) => l.startsWith(' '))).not.toHaveLength(0);
    for (const line of lines(text)) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(name);
    expect(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('uid')).toBe(uid);
    expect(unfoldFeed(text)).toContain(`UID:${uid}\n`);
    expect(ICAL.foldLength).toBe(75);
  });

  it('escapes the name, so a comma, semicolon or newline in it adds no property', () => {
    const name = 'Casa; azul, mar\nX-INJECTED:1 \\ fim';
    const text = writeCalendar([], { name, now: NOW });
    expect(text).toContain('X-WR-CALNAME;VALUE=TEXT:Casa\\; azul\\, mar\\nX-INJECTED:1 \\\\ fim\r\n');
    expect(new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('x-wr-calname')).toBe(name);
  });

  it('gives each event only its UID, stamp, dates, "Not available" and TRANSP', () => {
    const text = writeCalendar([{ uid: 'a@estadia', start: '2026-12-01', end: '2026-12-05' }], {
      name: 'Home',
      now: NOW,
    });
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    expect(vevent?.getAllProperties().map((p) => p.name)).toEqual([
      'uid',
      'dtstamp',
      'dtstart',
      'dtend',
      'summary',
      'transp',
    ]);
    const event = new ICAL.Event(vevent ?? undefined);
    expect([event.startDate.isDate, event.endDate.isDate, event.summary]).toEqual([true, true, 'Not available']);
  });

  it('writes an empty calendar that parses to no events', () => {
    expect(parseFeed(writeCalendar([], { name: 'Home' }), TODAY)).toEqual({ events: [], skipped: 0 });
  });

  it('survives a round trip through parseFeed: random ranges give the same merged nights', () => {
    const range = fc
      .record({ offset: fc.integer({ min: 1, max: 1500 }), nights: fc.integer({ min: 1, max: 366 }) })
      .map(({ offset, nights }) => ({ start: addDays(TODAY, offset), end: addDays(TODAY, offset + nights) }));
    fc.assert(
      fc.property(fc.array(range, { maxLength: 40 }), (ranges) => {
        const events = ranges.map((r, i) => ({ uid: `block-${i}@estadia`, ...r }));
        const feed = parseFeed(writeCalendar(events, { name: 'Home', now: NOW }), TODAY);
        expect(feed.skipped).toBe(0);
        expect(feed.events.map(({ start, end }) => ({ start, end }))).toEqual(ranges);
        expect(mergeRanges(feed.events.map(({ start, end }) => ({ start, end })))).toEqual(mergeRanges(ranges));
        expect(feed.events.every((e) => e.kind === 'blocked')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
