import ICAL from 'ical.js';
import { daysBetween } from '../../shared/date-ranges.js';
import { isCalendarDay } from '../../shared/dates.js';
import { errorMessage } from '../../shared/error-message.js';

/**
 * Reads a platform's iCalendar feed into its booked and blocked nights and, for the sync, what the
 * owner needs to complete each into a stay: its UID, its summary without a guest's name, and
 * Airbnb's reservation code and phone digits; no name, whole phone number or link survives (docs/decisions/0012-availability-and-calendar-sync.md,
 * 0037-platform-stays-and-feed-events.md).
 */

export type EventKind = 'booked' | 'blocked';
/** Nights from `start` to the exclusive `end`, both `YYYY-MM-DD`. */
export interface FeedEvent {
  start: string;
  end: string;
  kind: EventKind;
  uid?: string | null;
  summary?: string | null;
  /** The platform's reservation code (Airbnb writes it in the description's reservation URL). */
  reference?: string | null;
  /** The last four digits of the guest's phone (Airbnb). */
  phoneDigits?: string | null;
}
export interface ParsedFeed {
  events: FeedEvent[];
  /** The platform that wrote the feed, from its PRODID; undefined when it names none known. */
  platform?: FeedPlatform;
  /** Events left out: repeating, broken dates, not after their start, too long, or already over. */
  skipped: number;
}

export class FeedParseError extends Error {
  override name = 'FeedParseError';
}

const MAX_NIGHTS = 366;
const MAX_DURATION_SECONDS = (MAX_NIGHTS + 1) * 86_400;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * Byte-level clean-up before UTF-8 decoding. ical.js unfolds after decoding, so a fold that splits a
 * multi-byte character (platforms fold at 75 octets, not at characters) would leave two broken
 * halves; unfolding the bytes first keeps the character whole. It also drops the byte-order mark,
 * which ical.js chokes on, and turns CRLF, LF or a lone CR into LF.
 */
export function unfoldFeed(body: Buffer | string): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const from = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const out = Buffer.allocUnsafe(bytes.length - from);
  let n = 0;
  for (let i = from; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte !== CR && byte !== LF) {
      out[n++] = byte as number;
      continue;
    }
    if (byte === CR && bytes[i + 1] === LF) i++;
    const next = bytes[i + 1];
    // A fold is a line break followed by exactly one space or tab, and only that one goes (RFC 5545 3.1).
    if (next === SPACE || next === TAB) i++;
    else out[n++] = LF;
  }
  return new TextDecoder('utf-8').decode(out.subarray(0, n));
}

/** The calendars of a feed; a few feeds concatenate several VCALENDARs into one file. */
function readCalendars(text: string): ICAL.Component[] {
  if (!/^begin:vcalendar[ \t]*$/im.test(text)) throw new FeedParseError('not an iCalendar file (no BEGIN:VCALENDAR)');
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch (error) {
    throw new FeedParseError(`the iCalendar file cannot be read (${errorMessage(error)})`);
  }
  if (!Array.isArray(jcal)) throw new FeedParseError('the iCalendar file cannot be read');
  const roots: unknown[] = typeof jcal[0] === 'string' ? [jcal] : jcal;
  const calendars = roots
    .filter((root): root is unknown[] => Array.isArray(root) && root[0] === 'vcalendar')
    .map((root) => new ICAL.Component(root));
  if (calendars.length === 0) throw new FeedParseError('not an iCalendar file (no VCALENDAR component)');
  return calendars;
}

/** 2026-12-01, or 2026-12-01T15:00:00 with an optional Z, as ical.js writes the raw jCal value. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)Z?$/;
/** What ical.js makes of `DTSTART:20261201` (a date without VALUE=DATE): lenient, since feeds send it. */
const BARE_DATE = /^(\d{4}-\d{2}-\d{2})T::$/;

/**
 * The date of a DTSTART or DTEND as written in the event, never converted to another zone: a stay
 * from 15:00 on the 1st to 11:00 on the 4th in any zone is the nights of the 1st, 2nd and 3rd.
 * The raw value is checked first because ical.js quietly rolls 2026-13-01 over into 2027.
 */
function timeOf(property: ICAL.Property): ICAL.Time | null {
  const raw: unknown = property.jCal[3];
  if (typeof raw !== 'string') return null;
  if (property.type === 'date') return isCalendarDay(raw) ? ICAL.Time.fromDateString(raw) : null;
  if (property.type !== 'date-time') return null;
  const bare = BARE_DATE.exec(raw);
  if (bare) return isCalendarDay(bare[1] as string) ? ICAL.Time.fromDateString(bare[1] as string) : null;
  const match = DATE_TIME.exec(raw);
  if (!match || !isCalendarDay(match[1] as string)) return null;
  const value = property.getFirstValue();
  return value instanceof ICAL.Time ? value : null;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** From the Time's own fields: no JavaScript Date, so the machine's zone cannot move the day. */
const dayOf = (time: ICAL.Time) => `${pad(time.year, 4)}-${pad(time.month, 2)}-${pad(time.day, 2)}`;

function endOf(vevent: ICAL.Component, start: ICAL.Time): ICAL.Time | null {
  const dtend = vevent.getFirstProperty('dtend');
  if (dtend) return timeOf(dtend);
  const duration = vevent.getFirstProperty('duration');
  if (duration) {
    const value = duration.getFirstValue();
    // ical.js adds days a month at a time, so DURATION:P99999999D would hold the thread for
    // minutes; anything past the longest stay is skipped anyway.
    if (!(value instanceof ICAL.Duration) || value.isNegative || !(value.toSeconds() <= MAX_DURATION_SECONDS))
      return null;
    const end = start.clone();
    end.addDuration(value);
    return end;
  }
  // RFC 5545 3.6.1: without DTEND or DURATION a date event lasts one day and a date-time event
  // none, so the latter covers no night and is skipped below.
  const end = start.clone();
  if (start.isDate) end.day += 1; // Time's setters normalize on the next read: 31 Dec + 1 is 1 Jan
  return end;
}

function nightsOf(vevent: ICAL.Component): { start: string; end: string } | null {
  const dtstart = vevent.getFirstProperty('dtstart');
  const start = dtstart && timeOf(dtstart);
  if (!start) return null;
  const end = endOf(vevent, start);
  if (!end) return null;
  const range = { start: dayOf(start), end: dayOf(end) };
  return isCalendarDay(range.start) && isCalendarDay(range.end) ? range : null;
}

/**
 * Airbnb writes "Reserved" or "Airbnb (Not available)", Vrbo "Reserved - <guest>" or "Blocked",
 * Booking.com "CLOSED - Not available" for both its bookings and its closed nights, so that
 * one counts as blocked. Anything unknown is blocked: the nights are taken either way.
 */
const BOOKED = /\breserv|\bbooked\b/i;
const kindOf = (summary: unknown): EventKind =>
  typeof summary === 'string' && BOOKED.test(summary) ? 'booked' : 'blocked';

export type FeedPlatform = 'airbnb' | 'booking' | 'vrbo';

/** The platform a PRODID names: Airbnb's, Booking.com's and Vrbo's (HomeAway's) as they write them. */
export function platformOfProdid(prodid: unknown): FeedPlatform | undefined {
  if (typeof prodid !== 'string') return undefined;
  if (/airbnb/i.test(prodid)) return 'airbnb';
  if (/booking\.com/i.test(prodid)) return 'booking';
  if (/homeaway|vrbo/i.test(prodid)) return 'vrbo';
  return undefined;
}

/** One line of feed text as the admin shows it: no control characters, at most `max` characters. */
function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const text = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
}

/** The summary without the guest's name Vrbo appends ("Reserved - Maria Sousa" is "Reserved"). */
function summaryOf(value: unknown): string | null {
  const text = cleanText(value, 120);
  return text && /^reserved\s+-\s+/i.test(text) ? text.replace(/\s+-\s+.*$/, '') : text;
}

/** Airbnb: "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMQ3W8KZ2P". */
const AIRBNB_REFERENCE = /\/reservations\/details\/([A-Z0-9]{6,20})\b/;
/** Airbnb: "Phone Number (Last 4 Digits): 4821". */
const AIRBNB_PHONE = /Phone Number \(Last 4 Digits\):\s*(\d{4})\b/i;

function detailsOf(vevent: ICAL.Component) {
  const description = vevent.getFirstPropertyValue('description');
  const text = typeof description === 'string' ? description : '';
  return {
    uid: cleanText(vevent.getFirstPropertyValue('uid'), 255),
    summary: summaryOf(vevent.getFirstPropertyValue('summary')),
    reference: AIRBNB_REFERENCE.exec(text)?.[1] ?? null,
    phoneDigits: AIRBNB_PHONE.exec(text)?.[1] ?? null,
  };
}

type EventResult = FeedEvent | 'skip' | 'ignore';

function readEvent(vevent: ICAL.Component, today: string, details: boolean): EventResult {
  // A cancelled event is the platform saying the nights are free again, not a fault in the feed,
  // so it is neither an event nor counted as skipped.
  const status = vevent.getFirstPropertyValue('status');
  if (typeof status === 'string' && status.trim().toUpperCase() === 'CANCELLED') return 'ignore';
  // Platforms do not send repeating events; expanding them is left for when one does.
  if (vevent.hasProperty('rrule') || vevent.hasProperty('rdate')) return 'skip';
  const range = nightsOf(vevent);
  if (!range || range.end <= range.start || range.end <= today) return 'skip';
  if (daysBetween(range.start, range.end) > MAX_NIGHTS) return 'skip';
  const kind = kindOf(vevent.getFirstPropertyValue('summary'));
  return details ? { ...range, kind, ...detailsOf(vevent) } : { ...range, kind };
}

function readFeed(body: Buffer | string, today: string, details: boolean): ParsedFeed {
  const events: FeedEvent[] = [];
  let skipped = 0;
  let platform: FeedPlatform | undefined;
  for (const calendar of readCalendars(unfoldFeed(body))) {
    if (details) platform ??= platformOfProdid(calendar.getFirstPropertyValue('prodid'));
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      let result: EventResult;
      try {
        result = readEvent(vevent, today, details);
      } catch {
        // ical.js hydrates values lazily and throws on the malformed ones (DURATION:soon).
        result = 'skip';
      }
      if (result === 'skip') skipped++;
      else if (result !== 'ignore') events.push(result);
    }
  }
  return { events, skipped, ...(platform ? { platform } : {}) };
}

/**
 * The nights of a feed's events that end after `today` (`YYYY-MM-DD`); with `details`, each with
 * what completes it into a stay (its UID, summary, reservation code and phone digits). Throws FeedParseError, and
 * nothing else, when the body is not an iCalendar that ical.js can read; a broken event is skipped.
 */
export function parseFeed(body: Buffer | string, today: string, options: { details?: boolean } = {}): ParsedFeed {
  try {
    return readFeed(body, today, options.details ?? false);
  } catch (error) {
    throw error instanceof FeedParseError
      ? error
      : new FeedParseError(`the iCalendar file cannot be read (${errorMessage(error)})`);
  }
}
