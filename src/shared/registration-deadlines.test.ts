import { describe, expect, it, vi } from 'vitest';
import { inEachTimeZone } from '../../tests/support/server/time-zones.js';

describe('the SIBA deadlines in working days', () => {
  it('skip Easter, 25 December, 10 June and weekends, the same in every server time zone', async () => {
    const results = await inEachTimeZone(async () => {
      // A fresh module in each zone, so no holiday list cached under another zone answers.
      vi.resetModules();
      const { isWorkingDay, nationalHolidays, previousWorkingDay, reportDueBy } =
        await import('./registration-deadlines.js');
      return {
        // 2027: Good Friday 26 March, Easter Sunday 28 March.
        easter: reportDueBy('2027-03-25'),
        // Friday 24 December 2027: 25th is Saturday and a holiday, then Sunday.
        christmas: reportDueBy('2027-12-24'),
        // 2026: 25 December is a Friday, so it is a weekday holiday.
        christmasWeekday: reportDueBy('2026-12-23'),
        // Wednesday 9 June 2027: 10 June (Thursday) is a holiday.
        portugalDay: reportDueBy('2027-06-09'),
        // Corpus Christi 2027 is Thursday 27 May.
        corpusChristi: reportDueBy('2027-05-26'),
        // Arriving on a Saturday: Monday, Tuesday, Wednesday.
        weekend: reportDueBy('2027-07-17'),
        beforeChristmas: previousWorkingDay('2026-12-28'),
        goodFriday: isWorkingDay('2027-03-26'),
        carnival: isWorkingDay('2027-02-09'),
        holidays2027: [...nationalHolidays(2027)].sort(),
      };
    });
    for (const result of Object.values(results)) {
      expect(result).toEqual({
        // Friday 26 (Good Friday) and the weekend are skipped: Mon 29, Tue 30, Wed 31.
        easter: '2027-03-31',
        // 25, 26 (weekend) skipped: Mon 27, Tue 28, Wed 29.
        christmas: '2027-12-29',
        // Thu 24 counts, Fri 25 is a holiday, weekend: 24, 28, 29.
        christmasWeekday: '2026-12-29',
        // Thu 10 skipped: Fri 11, Mon 14, Tue 15.
        portugalDay: '2027-06-15',
        // Thu 27 skipped: Fri 28, Mon 31, Tue 1 June.
        corpusChristi: '2027-06-01',
        weekend: '2027-07-21',
        // Monday 28 December 2026: Friday 25 is a holiday, so Thursday 24.
        beforeChristmas: '2026-12-24',
        goodFriday: false,
        // Carnival is an optional day, not a national holiday.
        carnival: true,
        holidays2027: [
          '2027-01-01',
          '2027-03-26',
          '2027-03-28',
          '2027-04-25',
          '2027-05-01',
          '2027-05-27',
          '2027-06-10',
          '2027-08-15',
          '2027-10-05',
          '2027-11-01',
          '2027-12-01',
          '2027-12-08',
          '2027-12-25',
        ],
      });
    }
  });
});
