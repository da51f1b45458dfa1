import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languageOf } from './locales.js';
import type { QuoteLine } from './quote-schema.js';
import { formatAmount, lineLabelIn, QUOTE_TEXTS, quoteWords } from './quote-text.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Every text of a language, by its path: `nights.one`, `cleaning`… */
const flatten = (texts: object) =>
  Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[key, value]]
        : Object.entries(value as object).map(([form, text]) => [`${key}.${form}`, text as string]),
    ),
  );

describe('the quote texts', () => {
  const english = flatten(QUOTE_TEXTS.en!);

  it('has every text in every language, with the same placeholders', () => {
    expect(Object.keys(QUOTE_TEXTS).sort()).toEqual(['en', 'pt']);
    for (const [language, texts] of Object.entries(QUOTE_TEXTS)) {
      const flat = flatten(texts);
      expect(Object.keys(flat).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(flat)) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key]!));
      }
    }
  });

  it("has the language of every locale of the demo content and of the page's catalog", () => {
    const content = JSON.parse(readFileSync('content/property.json', 'utf8')) as { locales: string[] };
    const catalog = JSON.parse(readFileSync('src/client/i18n/project.inlang/settings.json', 'utf8')) as {
      locales: string[];
    };
    for (const locale of [...content.locales, ...catalog.locales])
      expect(QUOTE_TEXTS[languageOf(locale)], locale).toBeDefined();
  });

  it('falls back to English words, with the locale’s own numbers and day names', () => {
    const words = quoteWords('fr', 'EUR');
    expect(words.nights(3, 18050)).toBe('3 nights × 180,50\u00a0€');
    expect(words.arrivalDays(['sat'])).toBe('Arrivals on samedi only');
  });
});

describe('formatAmount', () => {
  it('divides by the minor unit of the currency, showing cents only when there are some', () => {
    expect(formatAmount(18000, 'EUR', 'en')).toBe('€180');
    expect(formatAmount(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatAmount(123456789, 'EUR', 'pt-PT')).toBe('1\u00a0234\u00a0567,89\u00a0€');
    expect(formatAmount(18000, 'JPY', 'en')).toBe('¥18,000');
    expect(formatAmount(1500, 'BHD', 'en')).toBe('BHD\u00a01.500');
    expect(formatAmount(0, 'USD', 'en')).toBe('$0');
  });
});

describe('a stored line in another language', () => {
  const en = quoteWords('en', 'EUR');
  const pt = quoteWords('pt-PT', 'EUR');
  const line = (kind: QuoteLine['kind'], label: string, nights: number | null, guests: number | null) => ({
    kind,
    label,
    amount: 1000,
    unitAmount: 200,
    nights,
    guests,
  });

  it('is written again from its counts in the page language', () => {
    expect(lineLabelIn(line('nights', en.nights(3, 200), 3, null), pt)).toBe(pt.nights(3, 200));
    expect(lineLabelIn(line('nights', en.nights(3, 200), 3, null), pt)).toBe('3 noites × 2\u00a0€');
    expect(lineLabelIn(line('cleaning', en.cleaning(), null, null), pt)).toBe(pt.cleaning());
    expect(lineLabelIn(line('extraGuests', en.extraGuests(1, 4, 200), 4, 1), pt)).toBe(pt.extraGuests(1, 4, 200));
    expect(lineLabelIn(line('touristTax', en.touristTax(2, 4, 200), 4, 2), pt)).toBe(pt.touristTax(2, 4, 200));
    expect(pt.touristTax(2, 4, 200)).not.toBe(en.touristTax(2, 4, 200));
  });

  it("keeps an owner's typed price as it was written", () => {
    expect(lineLabelIn(line('nights', 'Stay', null, null), pt)).toBe('Stay');
  });
});
