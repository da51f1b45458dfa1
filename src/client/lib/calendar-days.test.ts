import { afterEach, describe, expect, it, vi } from 'vitest';
import { today } from './calendar-days';

// The calendars grey the days before the house's today, as the server refuses them: a visitor an
// ocean away, still on the day before, must not be offered a night the house has already begun.

afterEach(() => {
  vi.useRealTimers();
});

describe("the calendars' today", () => {
  it('is the day at the house, not the day of the visitor or the machine', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 UTC on 10 July is 00:30 on 11 July in Lisbon (summer time), still 10 July in UTC and westwards.
    vi.setSystemTime(Date.UTC(2027, 6, 10, 23, 30));
    expect(today()).toBe('2027-07-11');
    // In winter Lisbon keeps UTC: 23:30 UTC on 10 January is still 10 January at the house.
    vi.setSystemTime(Date.UTC(2027, 0, 10, 23, 30));
    expect(today()).toBe('2027-01-10');
  });
});
