import { describe, expect, it } from 'vitest';
import { paginationDots } from './pagination-dots';

const show = (count: number, current: number) =>
  paginationDots(count, current)
    .map((d) => (d.kind === 'ellipsis' ? '…' : d.index === current ? `[${d.index}]` : String(d.index)))
    .join(' ');

describe('paginationDots', () => {
  it('shows one dot per page up to 7, without ellipses', () => {
    expect(show(0, 0)).toBe('');
    expect(show(1, 0)).toBe('[0]');
    expect(show(7, 3)).toBe('0 1 2 [3] 4 5 6');
  });

  it('never shows more than 7 markers, and always the current page', () => {
    for (let count = 1; count <= 40; count++) {
      for (let current = 0; current < count; current++) {
        const dots = paginationDots(count, current);
        expect(dots.length).toBeLessThanOrEqual(7);
        expect(dots.filter((d) => d.kind === 'dot' && d.index === current)).toHaveLength(1);
      }
    }
  });

  it('marks the end with an ellipsis near the start, and the start near the end', () => {
    expect(show(38, 0)).toBe('[0] 1 2 3 4 5 …');
    expect(show(38, 4)).toBe('0 1 2 3 [4] 5 …');
    expect(show(38, 37)).toBe('… 32 33 34 35 36 [37]');
    expect(show(38, 33)).toBe('… 32 [33] 34 35 36 37');
  });

  it('puts ellipses at both ends in the middle, with the current page centred', () => {
    expect(show(38, 20)).toBe('… 18 19 [20] 21 22 …');
  });

  it('keeps dots in order and without gaps', () => {
    for (const current of [0, 5, 6, 19, 31, 32, 37]) {
      const indexes = paginationDots(38, current).flatMap((d) => (d.kind === 'dot' ? [d.index] : []));
      indexes.forEach((index, i) => i > 0 && expect(index).toBe(indexes[i - 1]! + 1));
    }
  });
});
