import { describe, expect, it } from 'vitest';
import { countryList, countryName, currentCountryCode, isCountryCode, PORTUGAL } from './countries.js';

describe('the one country list', () => {
  it('names each country by its common name in the page language and sorts by that name there', () => {
    const en = countryList('en');
    const china = en.findIndex((c) => c.alpha3 === 'CHN');
    expect(en[china]).toEqual({ alpha2: 'CN', alpha3: 'CHN', name: 'China' });
    // Under C: after Chile, before Colombia; not under P for "People's Republic".
    expect(en[china - 1]?.name).toBe('Chile');
    expect(en.findIndex((c) => c.alpha3 === 'COL')).toBeGreaterThan(china);
    expect(countryName('GBR', 'en')).toBe('United Kingdom');
    expect(countryName('USA', 'en')).toBe('United States');

    const pt = countryList('pt-PT');
    expect(pt.find((c) => c.alpha3 === 'DEU')?.name).toBe('Alemanha');
    expect(pt.find((c) => c.alpha3 === 'CHN')?.name).toBe('China');
    // Sorted as Portuguese sorts: accented letters with their base letter ("Áustria" among the A's).
    const names = pt.map((c) => c.name);
    expect(names.indexOf('Áustria')).toBeGreaterThan(names.indexOf('Austrália'));
    expect(names.indexOf('Áustria')).toBeLessThan(names.indexOf('Azerbaijão'));
    expect(names.indexOf('Alemanha')).toBeLessThan(names.indexOf('Espanha'));
  });

  it('is one list of every ISO 3166-1 country, each with both codes', () => {
    const en = countryList('en');
    expect(en.length).toBe(250);
    expect(new Set(en.map((c) => c.alpha2)).size).toBe(en.length);
    expect(en.every((c) => /^[A-Z]{2}$/.test(c.alpha2) && /^[A-Z]{3}$/.test(c.alpha3))).toBe(true);
    expect(en.every((c) => isCountryCode(c.alpha3))).toBe(true);
    expect(en.find((c) => c.alpha3 === PORTUGAL)?.alpha2).toBe('PT');
    expect(isCountryCode('DE')).toBe(false);
  });

  it('has Kosovo, named in both languages, as XK and XKX, and reads its former codes as XKX', () => {
    expect(countryList('en').filter((c) => c.alpha2 === 'XK')).toEqual([
      { alpha2: 'XK', alpha3: 'XKX', name: 'Kosovo' },
    ]);
    expect(countryList('pt-PT').filter((c) => c.alpha2 === 'XK')).toEqual([
      { alpha2: 'XK', alpha3: 'XKX', name: 'Kosovo' },
    ]);
    // Sorted among the K's in both languages, not at the end where it is added.
    const en = countryList('en').map((c) => c.name);
    expect(en.slice(en.indexOf('Kosovo') - 1, en.indexOf('Kosovo') + 2)).toEqual(['Kiribati', 'Kosovo', 'Kuwait']);
    const pt = countryList('pt-PT').map((c) => c.name);
    expect(pt[pt.indexOf('Kosovo') + 1]).toBe('Koweit');
    expect(isCountryCode('XKX')).toBe(true);
    expect(isCountryCode('XKK')).toBe(false);
    expect(countryName('XKK', 'pt-PT')).toBe('Kosovo');
    expect(currentCountryCode('XKK')).toBe('XKX');
    expect(currentCountryCode('DEU')).toBe('DEU');
  });
});
