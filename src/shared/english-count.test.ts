import { describe, expect, it } from 'vitest';
import { englishCount } from './english-count.js';

describe('englishCount', () => {
  it('says one minute, and any other number in the plural', () => {
    expect(englishCount(1, 'minute')).toBe('1 minute');
    expect(englishCount(2, 'minute')).toBe('2 minutes');
    expect(englishCount(0, 'guest')).toBe('0 guests');
    expect(englishCount(15, 'minute')).toBe('15 minutes');
    expect(englishCount(1, 'photo')).toBe('1 photo');
    expect(englishCount(3, 'child', 'children')).toBe('3 children');
  });
});
