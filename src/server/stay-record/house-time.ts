import { HOUSE_TIME_ZONE } from '../../shared/dates.js';

const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: HOUSE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The house's clock offset from UTC at `ms`, in milliseconds (one hour in Lisbon's summer, none in winter). */
function offsetAt(ms: number): number {
  const parts = Object.fromEntries(PARTS.formatToParts(ms).map((p) => [p.type, p.value]));
  return (
    Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)) -
    Math.floor(ms / 60_000) * 60_000
  );
}

/** `hour`:00 on `day` at the house, as epoch milliseconds, whatever the server's own zone or the season. */
export function houseTimeOf(day: string, hour: number): number {
  const asUtc = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour);
  // Twice: the offset is the one in force at that moment, not at the naive guess (a change of clocks between).
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}
