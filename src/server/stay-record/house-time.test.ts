import { describe, expect, it } from 'vitest';
import { inEachTimeZone } from '../../../tests/support/server/time-zones.js';
import { houseTimeOf } from './house-time.js';

describe("the house's time", () => {
  it('is 09:00 in Lisbon in winter and in summer, and on the days the clocks change, in every server zone', async () => {
    const results = await inEachTimeZone(() =>
      ['2027-01-15', '2027-03-28', '2027-07-15', '2027-10-31'].map((day) =>
        new Date(houseTimeOf(day, 9)).toISOString(),
      ),
    );
    for (const times of Object.values(results)) {
      // Winter is UTC+0, summer UTC+1; 28 March and 31 October 2027 are the days the clocks change (at 01:00/02:00 UTC).
      expect(times).toEqual([
        '2027-01-15T09:00:00.000Z',
        '2027-03-28T08:00:00.000Z',
        '2027-07-15T08:00:00.000Z',
        '2027-10-31T09:00:00.000Z',
      ]);
    }
  });
});
