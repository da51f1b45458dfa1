import { describe, expect, it } from 'vitest';
import { firstTakenNightFrom } from './stay-limits';

describe('firstTakenNightFrom', () => {
  const taken = [
    { start: '2026-07-20', end: '2026-07-23' },
    { start: '2026-08-01', end: '2026-08-05' },
  ];

  it('is the next arrival day, where a stay may still end (turnover)', () => {
    expect(firstTakenNightFrom('2026-07-10', taken)).toBe('2026-07-20');
    expect(firstTakenNightFrom('2026-07-23', taken)).toBe('2026-08-01');
  });

  it('is the check-in itself when that night is taken, so no check-out is left', () => {
    expect(firstTakenNightFrom('2026-07-21', taken)).toBe('2026-07-21');
  });

  it('is null with no taken night ahead, whatever the order of the ranges', () => {
    expect(firstTakenNightFrom('2026-08-05', taken)).toBeNull();
    expect(firstTakenNightFrom('2026-07-10', taken.toReversed())).toBe('2026-07-20');
  });
});
