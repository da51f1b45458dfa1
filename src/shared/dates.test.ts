import { afterAll, describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayIn,
  formatHouseDayIn,
  formatShortDay,
  formatTypedDay,
  houseToday,
  isCalendarDay,
  parseTypedDay,
} from './dates.js';

// Node reads TZ again whenever it changes: each case runs as a server or a browser would there.
const ZONES = ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago', 'Asia/Kolkata'];
const zoneBefore = process.env.TZ;
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe.each(ZONES)('days under TZ=%s', (zone) => {
  it('are one short and one long form per language, never a day off', () => {
    process.env.TZ = zone;
    expect(formatShortDay('2027-01-01', 'en')).toBe('Jan 1, 2027');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatShortDay('2027-01-01', 'pt-PT')).toBe('1 jan. 2027');
    expect(formatShortDay('2027-12-31', 'pt-PT')).toBe('31 dez. 2027');
    expect(formatDayIn('2027-04-05', 'en')).toBe('5 April 2027');
    expect(formatDayIn('2027-01-01', 'en')).toBe('1 January 2027');
    expect(formatDayIn('2027-04-05', 'pt-PT')).toBe('5 de abril de 2027');
  });

  it("write a review's day as the house lived it, whatever the reader's zone", () => {
    process.env.TZ = zone;
    // 23:30 in Lisbon (UTC in winter) on 21 November: the 22nd in Kiritimati, still the 21st in LA.
    expect(formatHouseDayIn('2026-11-21T23:30:00.000Z', 'en')).toBe('21 November 2026');
    expect(formatHouseDayIn('2026-11-21T23:30:00.000Z', 'pt-PT')).toBe('21 de novembro de 2026');
    // 00:30 in Lisbon (UTC+1 in summer) on 1 July.
    expect(houseToday(Date.parse('2027-06-30T23:30:00.000Z'))).toBe('2027-07-01');
  });

  it('read a typed date of birth in the page’s order, and refuse a day that does not exist', () => {
    process.env.TZ = zone;
    expect(parseTypedDay('17/05/1980', 'pt-PT')).toBe('1980-05-17');
    expect(parseTypedDay('17/05/1980', 'en')).toBe('1980-05-17');
    expect(parseTypedDay('1.2.1999', 'pt-PT')).toBe('1999-02-01');
    expect(parseTypedDay(' 17-05-1980 ', 'en')).toBe('1980-05-17');
    expect(parseTypedDay('1980-05-17', 'en')).toBe('1980-05-17');
    expect(parseTypedDay('29/02/2000', 'en')).toBe('2000-02-29');
    for (const impossible of ['31/02/1980', '29/02/1999', '17/13/1980', '00/05/1980', '17/05/80', '17051980', '', 'x'])
      expect(parseTypedDay(impossible, 'pt-PT'), impossible).toBeNull();
    expect(formatTypedDay('1980-05-17', 'pt-PT')).toBe('17/05/1980');
    expect(formatTypedDay('1980-05-17', 'en')).toBe('17/05/1980');
    expect(isCalendarDay('2027-03-28')).toBe(true);
  });
});
