import { describe, expect, it } from 'vitest';
import { changedPaths } from './changed-paths';

describe('changedPaths', () => {
  it('names each changed leaf with its value before and after, and nothing unchanged', () => {
    const before = { hero: { headline: { en: 'Old', 'pt-PT': 'Antigo' } }, pricing: { nightly: 15000 }, name: 'Casa' };
    const after = { hero: { headline: { en: 'New', 'pt-PT': 'Antigo' } }, pricing: { nightly: 16000 }, name: 'Casa' };
    expect(changedPaths(before, after)).toEqual([
      { path: 'hero.headline.en', before: 'Old', after: 'New' },
      { path: 'pricing.nightly', before: 15000, after: 16000 },
    ]);
  });

  it('treats a list that grew or shrank as one change, and an added or removed key as a change', () => {
    const before = { seasons: [{ nightly: 1 }], legal: { registrationNumber: '1/AL' } };
    const after = { seasons: [{ nightly: 1 }, { nightly: 2 }], legal: {} };
    expect(changedPaths(before, after).map((c) => c.path)).toEqual(['seasons', 'legal.registrationNumber']);
  });

  it('finds no change between equal documents, and a text that went from plain to by-language', () => {
    expect(changedPaths({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toEqual([]);
    expect(changedPaths({ t: 'Hi' }, { t: { en: 'Hi', 'pt-PT': 'Olá' } })).toEqual([
      { path: 't', before: 'Hi', after: { en: 'Hi', 'pt-PT': 'Olá' } },
    ]);
  });
});
