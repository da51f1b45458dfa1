import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDays, daysBetween } from '../../src/shared/date-ranges.js';

/**
 * iCalendar feeds shaped like the platforms' own, to parse directly or to serve from a loopback
 * HTTP server. `feedText`/`feedBytes` build a feed from ranges in any of the line-ending, folding
 * and time shapes real feeds use; `readFixture` returns the recorded-style files beside this one.
 */

export type FeedShape = 'airbnb' | 'booking' | 'vrbo';
export type EventKindSpec = 'booked' | 'blocked';

export interface FeedEventSpec {
  /** Nights from `start` to the exclusive `end` (`YYYY-MM-DD`). */
  start: string;
  end: string;
  kind?: EventKindSpec;
  status?: 'CONFIRMED' | 'CANCELLED';
  /** Written as an RRULE line, which the parser counts as skipped. */
  rrule?: string;
}

export interface FeedOptions {
  shape?: FeedShape;
  lineEnding?: 'crlf' | 'lf';
  /** Fold every content line longer than `foldAt` octets, continuing with a space or a tab. */
  fold?: 'none' | 'space' | 'tab';
  foldAt?: number;
  /** All-day VALUE=DATE; date-times in UTC (`Z`, late in the day); or with a TZID far from Lisbon. */
  time?: 'date' | 'utc' | 'tzid';
  /** DURATION instead of DTEND. */
  duration?: boolean;
  /** Property and parameter names (and BEGIN/END values) in lowercase. */
  lowercase?: boolean;
  bom?: boolean;
}

const GUEST = 'João Gonçalves';
const PHONE = '+351 912 345 678';

const HEADERS: Record<FeedShape, string[]> = {
  airbnb: [
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
  ],
  booking: ['VERSION:2.0', 'PRODID:-//admin.booking.com//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'],
  vrbo: ['PRODID:-//HomeAway.com\\, Inc.//EN', 'VERSION:2.0', 'CALSCALE:GREGORIAN'],
};

const LOS_ANGELES = [
  'BEGIN:VTIMEZONE',
  'TZID:America/Los_Angeles',
  'BEGIN:STANDARD',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'TZOFFSETFROM:-0700',
  'TZOFFSETTO:-0800',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'TZOFFSETFROM:-0800',
  'TZOFFSETTO:-0700',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

/** What the parser should make of a spec's kind in a shape: Booking.com says "CLOSED" for both. */
export const expectedKind = (spec: FeedEventSpec, shape: FeedShape = 'airbnb'): EventKindSpec =>
  shape === 'booking' ? 'blocked' : (spec.kind ?? 'booked');

function summaryLines(spec: FeedEventSpec, shape: FeedShape, index: number): string[] {
  const booked = (spec.kind ?? 'booked') === 'booked';
  if (shape === 'booking') return ['SUMMARY:CLOSED - Not available'];
  if (shape === 'vrbo')
    return booked
      ? [`SUMMARY:Reserved - ${GUEST}`, `DESCRIPTION:Guest: ${GUEST}\\, ${PHONE}\\, 2 adults`]
      : ['SUMMARY:Blocked'];
  if (!booked) return ['SUMMARY:Airbnb (Not available)'];
  const code = `HM${String(index).padStart(8, '0')}`;
  return [
    'SUMMARY:Reserved',
    `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/${code}\\nPhone Number (Last 4 Digits): 5678`,
  ];
}

const compact = (day: string) => day.replaceAll('-', '');

/** Date lines for a stay: check-in 15:00 and check-out 11:00 in a TZID, or 23:00Z and 10:00Z. */
function dateLines(spec: FeedEventSpec, options: FeedOptions): string[] {
  const nights = daysBetween(spec.start, spec.end);
  const time = options.time ?? 'date';
  if (time === 'date') {
    const start = `DTSTART;VALUE=DATE:${compact(spec.start)}`;
    return [start, options.duration ? `DURATION:P${nights}D` : `DTEND;VALUE=DATE:${compact(spec.end)}`];
  }
  const [prefix, inTime, outTime, suffix, stayHours] =
    time === 'utc'
      ? (['', 'T230000', 'T100000', 'Z', 11] as const)
      : (['TZID=America/Los_Angeles', 'T150000', 'T110000', '', 20] as const);
  const param = prefix ? `;${prefix}` : '';
  const start = `DTSTART${param}:${compact(spec.start)}${inTime}${suffix}`;
  if (options.duration) return [start, `DURATION:P${nights - 1}DT${stayHours}H`];
  return [start, `DTEND${param}:${compact(spec.end)}${outTime}${suffix}`];
}

function contentLines(events: readonly FeedEventSpec[], options: FeedOptions): string[] {
  const shape = options.shape ?? 'airbnb';
  const lines = ['BEGIN:VCALENDAR', ...HEADERS[shape], ...(options.time === 'tzid' ? LOS_ANGELES : [])];
  events.forEach((spec, index) => {
    lines.push('BEGIN:VEVENT', 'DTSTAMP:20261123T080000Z', `UID:${index}-${compact(spec.start)}@${shape}.example`);
    lines.push(...dateLines(spec, options), ...summaryLines(spec, shape, index));
    if (spec.status) lines.push(`STATUS:${spec.status}`);
    if (spec.rrule) lines.push(`RRULE:${spec.rrule}`);
    lines.push('END:VEVENT');
  });
  lines.push('END:VCALENDAR');
  return options.lowercase ? lines.map(lowercaseName) : lines;
}

/** `DTSTART;VALUE=DATE:2026…` → `dtstart;value=date:2026…`; BEGIN/END lines entirely. */
function lowercaseName(line: string): string {
  if (/^(BEGIN|END):/.test(line)) return line.toLowerCase();
  const colon = line.indexOf(':');
  return line.slice(0, colon).toLowerCase() + line.slice(colon);
}

/** Folds by octets, as platforms do, so a fold may fall inside a multi-byte UTF-8 character. */
function foldBytes(line: Buffer, width: number, fold: Buffer): Buffer[] {
  const parts = [line.subarray(0, width)];
  for (let at = width; at < line.length; at += width - 1) parts.push(fold, line.subarray(at, at + width - 1));
  return parts;
}

/** The feed as bytes on the wire. */
export function feedBytes(events: readonly FeedEventSpec[], options: FeedOptions = {}): Buffer {
  const eol = Buffer.from(options.lineEnding === 'lf' ? '\n' : '\r\n');
  const foldWith = options.fold === 'tab' ? '\t' : ' ';
  const fold = Buffer.concat([eol, Buffer.from(foldWith)]);
  const parts: Buffer[] = options.bom ? [Buffer.from([0xef, 0xbb, 0xbf])] : [];
  for (const line of contentLines(events, options)) {
    const bytes = Buffer.from(line, 'utf8');
    parts.push(
      ...(options.fold && options.fold !== 'none' ? foldBytes(bytes, options.foldAt ?? 75, fold) : [bytes]),
      eol,
    );
  }
  return Buffer.concat(parts);
}

/** The feed as text, folded between characters only (a string cannot hold half a character). */
export function feedText(events: readonly FeedEventSpec[], options: FeedOptions = {}): string {
  const eol = options.lineEnding === 'lf' ? '\n' : '\r\n';
  const fold = eol + (options.fold === 'tab' ? '\t' : ' ');
  const width = options.foldAt ?? 75;
  const lines = contentLines(events, options).map((line) => {
    if (!options.fold || options.fold === 'none') return line;
    const chunks: string[] = [];
    let chunk = '';
    for (const char of line) {
      const limit = chunks.length === 0 ? width : width - 1;
      if (Buffer.byteLength(chunk + char) > limit) {
        chunks.push(chunk);
        chunk = '';
      }
      chunk += char;
    }
    return [...chunks, chunk].join(fold);
  });
  return (options.bom ? '\uFEFF' : '') + lines.join(eol) + eol;
}

export type FixtureName = 'airbnb' | 'booking' | 'vrbo';

/** The day the fixture files were written for: their past events end on or before it. */
export const FIXTURE_TODAY = '2026-11-23';

/** The events each fixture should give when parsed on FIXTURE_TODAY (shifted like the file). */
const FIXTURE_EVENTS: Record<FixtureName, { start: string; end: string; kind: EventKindSpec }[]> = {
  airbnb: [
    { start: '2026-12-18', end: '2026-12-27', kind: 'booked' },
    { start: '2027-01-02', end: '2027-01-09', kind: 'booked' },
    { start: '2027-01-09', end: '2027-01-12', kind: 'booked' },
    { start: '2027-02-14', end: '2027-02-16', kind: 'blocked' },
    { start: '2027-05-24', end: '2027-11-23', kind: 'blocked' },
  ],
  booking: [
    { start: '2026-12-05', end: '2026-12-08', kind: 'blocked' },
    { start: '2027-01-12', end: '2027-01-15', kind: 'blocked' },
    { start: '2027-03-01', end: '2027-03-02', kind: 'blocked' },
  ],
  vrbo: [
    { start: '2026-12-27', end: '2027-01-02', kind: 'booked' },
    { start: '2027-04-10', end: '2027-04-17', kind: 'blocked' },
    { start: '2027-06-01', end: '2027-06-08', kind: 'booked' },
  ],
};

/** How many events each fixture leaves out on FIXTURE_TODAY (past ones; the cancelled one is not counted). */
export const FIXTURE_SKIPPED: Record<FixtureName, number> = { airbnb: 1, booking: 2, vrbo: 1 };

/**
 * A fixture file's bytes, with every DTSTART/DTEND/DTSTAMP moved `shiftDays` later, so that a test
 * run on another day can keep the fixture's relation to today: `daysBetween(FIXTURE_TODAY, today)`.
 */
export function readFixture(name: FixtureName, shiftDays = 0): Buffer {
  const bytes = readFileSync(fileURLToPath(new URL(`./calendar-feeds/${name}.ics`, import.meta.url)));
  if (shiftDays === 0) return bytes;
  // latin1 maps every byte to one character and back, so the UTF-8 elsewhere passes through untouched.
  const text = bytes
    .toString('latin1')
    .replace(
      /^((?:DTSTART|DTEND|DTSTAMP)[^:\r\n]*:)(\d{4})(\d{2})(\d{2})/gim,
      (_all, head: string, y: string, m: string, d: string) => head + compact(addDays(`${y}-${m}-${d}`, shiftDays)),
    );
  return Buffer.from(text, 'latin1');
}

export function fixtureEvents(name: FixtureName, shiftDays = 0): { start: string; end: string; kind: EventKindSpec }[] {
  return FIXTURE_EVENTS[name].map((e) => ({
    ...e,
    start: addDays(e.start, shiftDays),
    end: addDays(e.end, shiftDays),
  }));
}
