import { languageOf } from './locales.js';
import { WEEKDAYS, type Weekday } from './weekdays.js';
import type { QuoteLine } from './quote-schema.js';

// The few texts of a quote, by language. The page, the server and the owner's mail all write the
// same labels, and the server cannot read the page's message catalog, so they live here. A
// language missing here gets the English words, with its own numbers and day names from Intl.

type Plural = { one: string; other: string };

export interface QuoteTexts {
  nights: Plural;
  guests: Plural;
  extraGuests: Plural;
  cleaning: string;
  /** `{detail}`: guests × nights × the amount. */
  touristTax: string;
  minNights: string;
  minNightsInSeason: string;
  arrivalDays: Plural;
  datesUnavailable: string;
}

export const QUOTE_TEXTS: Readonly<Record<string, QuoteTexts>> = {
  en: {
    nights: { one: '{count} night', other: '{count} nights' },
    guests: { one: '{count} guest', other: '{count} guests' },
    extraGuests: { one: '{count} extra guest', other: '{count} extra guests' },
    cleaning: 'Cleaning fee',
    touristTax: 'Municipal tourist tax: {detail}',
    minNights: 'Minimum stay: {nights}',
    minNightsInSeason: 'Minimum stay in {season}: {nights}',
    arrivalDays: { one: 'Arrivals on {days} only', other: 'Arrivals on {days} only' },
    datesUnavailable: 'These dates are not available',
  },
  pt: {
    nights: { one: '{count} noite', other: '{count} noites' },
    guests: { one: '{count} hóspede', other: '{count} hóspedes' },
    extraGuests: { one: '{count} hóspede extra', other: '{count} hóspedes extra' },
    cleaning: 'Taxa de limpeza',
    touristTax: 'Taxa turística municipal: {detail}',
    minNights: 'Estadia mínima: {nights}',
    minNightsInSeason: 'Estadia mínima ({season}): {nights}',
    arrivalDays: { one: 'Dia de chegada: {days}', other: 'Dias de chegada: {days}' },
    datesUnavailable: 'Estas datas não estão disponíveis',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

// Building an Intl formatter costs far more than using one: each is made once.
const cache = new Map<string, unknown>();
function cached<T>(key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = make()));
  return value as T;
}

/** Digits of the currency's minor unit: 2 for EUR (cents), 0 for JPY. */
export const minorDigits = (currency: string): number =>
  cached(
    `digits|${currency}`,
    () => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2,
  );

/**
 * An amount in minor units (cents) written for people: 18000 EUR → `€180` in English, `180 €` in
 * Portuguese; 1250 → `€12.50`. This is the one place an amount is divided.
 */
export function formatAmount(amount: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const scale = 10 ** digits;
  const shown = amount % scale === 0 ? 0 : digits;
  const format = cached(
    `money|${locale}|${currency}|${shown}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: shown,
        maximumFractionDigits: shown,
      }),
  );
  return format.format(amount / scale);
}

/** A day's name in the locale: `sat` → `Saturday`, `sábado`. 2024-01-01 was a Monday. */
const dayName = (day: Weekday, locale: string) =>
  cached(`day|${locale}|${day}`, () =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)),
    ),
  );

/** A quote's words in one locale and currency. */
export function quoteWords(locale: string, currency: string) {
  const texts = QUOTE_TEXTS[languageOf(locale)] ?? (QUOTE_TEXTS.en as QuoteTexts);
  const plural = (forms: Plural, count: number) => {
    const rule = cached(`plural|${locale}`, () => new Intl.PluralRules(locale)).select(count);
    return fill(rule === 'one' ? forms.one : forms.other, { count: String(count) });
  };
  const money = (amount: number) => formatAmount(amount, currency, locale);
  return {
    /** `3 nights × €180` */
    nights: (nights: number, unitAmount: number) => `${plural(texts.nights, nights)} × ${money(unitAmount)}`,
    cleaning: () => texts.cleaning,
    /** `2 extra guests × 5 nights × €15` */
    extraGuests: (guests: number, nights: number, unitAmount: number) =>
      `${plural(texts.extraGuests, guests)} × ${plural(texts.nights, nights)} × ${money(unitAmount)}`,
    /** `Municipal tourist tax: 6 guests × 7 nights × €2` */
    touristTax: (guests: number, nights: number, unitAmount: number) =>
      fill(texts.touristTax, {
        detail: `${plural(texts.guests, guests)} × ${plural(texts.nights, nights)} × ${money(unitAmount)}`,
      }),
    /** `Minimum stay in Summer: 5 nights`, or `Minimum stay: 2 nights` outside the seasons. */
    minNights: (nights: number, season: string | null) =>
      fill(season === null ? texts.minNights : texts.minNightsInSeason, {
        nights: plural(texts.nights, nights),
        season: season ?? '',
      }),
    /** `Arrivals on Saturday or Sunday only` */
    arrivalDays: (days: readonly Weekday[]) => {
      const names = cached(`or|${locale}`, () => new Intl.ListFormat(locale, { type: 'disjunction' })).format(
        days.toSorted((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).map((day) => dayName(day, locale)),
      );
      return fill(days.length === 1 ? texts.arrivalDays.one : texts.arrivalDays.other, { days: names });
    },
    datesUnavailable: () => texts.datesUnavailable,
  };
}
export type QuoteWords = ReturnType<typeof quoteWords>;

/**
 * A stored quote line's words in another language: a booking keeps the labels it was made in,
 * and its guest may read the page in the other one. A line without its counts (an owner's typed
 * price) keeps its own label.
 */
export function lineLabelIn(line: QuoteLine, words: QuoteWords): string {
  const { nights, guests, unitAmount } = line;
  if (line.kind === 'cleaning') return words.cleaning();
  if (nights === null) return line.label;
  if (line.kind === 'nights') return words.nights(nights, unitAmount);
  if (guests === null) return line.label;
  return line.kind === 'extraGuests'
    ? words.extraGuests(guests, nights, unitAmount)
    : words.touristTax(guests, nights, unitAmount);
}
