import { describe, expect, it } from 'vitest';
import { languageName, localeOfPath, localePath, ogLocale } from './locales.js';

const locales = ['en', 'pt-PT'];

describe('locales', () => {
  it('serves the default locale at / and the others under their language', () => {
    expect(localePath('en', locales)).toBe('/');
    expect(localePath('pt-PT', locales)).toBe('/pt/');
  });

  it('puts the other pages under each locale', () => {
    expect(localePath('en', locales, 'privacy')).toBe('/privacy');
    expect(localePath('pt-PT', locales, 'privacy')).toBe('/pt/privacy');
    expect(localeOfPath('/pt/privacy', locales)).toBe('pt-PT');
    expect(localeOfPath('/privacy', locales)).toBe('en');
  });

  it('finds the locale of a path', () => {
    expect(localeOfPath('/', locales)).toBe('en');
    expect(localeOfPath('/pt/', locales)).toBe('pt-PT');
    expect(localeOfPath('/pt', locales)).toBe('pt-PT');
    expect(localeOfPath('/login', locales)).toBe('en');
    expect(localeOfPath('/en/', locales)).toBe('en');
  });

  it('writes Open Graph locales', () => {
    expect(ogLocale('pt-PT')).toBe('pt_PT');
    expect(ogLocale('en')).toBe('en_US');
  });

  it('names each language in itself', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName('pt-PT')).toBe('Português');
  });
});
