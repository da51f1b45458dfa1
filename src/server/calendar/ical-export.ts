import ICAL from 'ical.js';

/**
 * The site's own feed for the platforms to import: every event all-day, with an exclusive DTEND,
 * "Not available" and nothing personal (docs/decisions/0012-availability-and-calendar-sync.md).
 */

/** Nights from `start` to the exclusive `end` (`YYYY-MM-DD`); `uid` stays the same while the block exists. */
export interface ExportEvent {
  uid: string;
  start: string;
  end: string;
  /** "Not available" unless given (a guest's own stay has its house's name). */
  summary?: string;
  location?: string;
  geo?: { latitude: number; longitude: number };
  description?: string;
  /** The event's revision (RFC 5545 SEQUENCE): a guest's stay whose dates changed replaces the old one. */
  sequence?: number;
}

const PRODID = '-//Estadia//Availability//EN';

function eventComponent(event: ExportEvent, stamp: ICAL.Time): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', event.uid);
  vevent.addPropertyWithValue('dtstamp', stamp);
  // fromDateString makes a DATE value, which ical.js writes with VALUE=DATE; no Date object, so no zone.
  vevent.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(event.start));
  vevent.addPropertyWithValue('dtend', ICAL.Time.fromDateString(event.end));
  vevent.addPropertyWithValue('summary', event.summary ?? 'Not available');
  if (event.location) vevent.addPropertyWithValue('location', event.location);
  if (event.geo) vevent.addPropertyWithValue('geo', [event.geo.latitude, event.geo.longitude]);
  if (event.description) vevent.addPropertyWithValue('description', event.description);
  if (event.sequence) vevent.addPropertyWithValue('sequence', event.sequence);
  vevent.addPropertyWithValue('transp', 'OPAQUE');
  return vevent;
}

/** Writes ICAL's output with its lines folded one octet short; see below. */
function stringify(calendar: ICAL.Component): string {
  // ical.js folds the first line at 75 octets but writes each continuation as a space plus 75
  // more, 76 in all; RFC 5545 3.1 says 75 including the space. Lowering the shared setting only
  // while this synchronous call runs keeps every line within 75 and leaves other callers alone.
  const foldLength = ICAL.foldLength;
  ICAL.foldLength = foldLength - 1;
  try {
    return calendar.toString() + '\r\n';
  } finally {
    ICAL.foldLength = foldLength;
  }
}

/** An iCalendar file (CRLF, folded) of `events`, each as the nights from `start` to the exclusive `end`. */
export function writeCalendar(events: readonly ExportEvent[], options: { name: string; now?: Date }): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  // An X- property has no known type, so ical.js would write the name unescaped and a newline in
  // it would start a new line; as TEXT it escapes commas, semicolons and newlines.
  const name = new ICAL.Property('x-wr-calname');
  name.resetType('text');
  name.setValue(options.name);
  calendar.addProperty(name);
  // DTSTAMP is an instant, not a night, so a Date is right here; it is written in UTC.
  const stamp = ICAL.Time.fromJSDate(options.now ?? new Date(), true);
  for (const event of events) calendar.addSubcomponent(eventComponent(event, stamp));
  return stringify(calendar);
}
