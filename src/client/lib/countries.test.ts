import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries';

describe('the country list', () => {
  it('names each country in the page language and sorts by that name', () => {
    const pt = countryOptions('pt-PT');
    expect(pt.find((c) => c.code === 'DE')?.name).toBe('Alemanha');
    expect(pt.findIndex((c) => c.code === 'DE')).toBeLessThan(pt.findIndex((c) => c.code === 'ES'));
    const en = countryOptions('en');
    expect(en.find((c) => c.code === 'GB')?.name).toBe('United Kingdom');
    expect(new Set(en.map((c) => c.code)).size).toBe(en.length);
    expect(en.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
  });
});
