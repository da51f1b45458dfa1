import { languageOf } from '../../shared/locales.js';
import type { QuoteParty } from '../../shared/quote.js';

// The words of a party in the guest's language, with each language's plural rules, for the mail
// that tells a change of who stays (docs/decisions/0069-changing-a-bookings-party.md).

interface Plural {
  one: string;
  other: string;
}

interface PartyTexts {
  adults: Plural;
  children: Plural;
  /** A paid stay owes the difference: the guest pays it from the page, never charged by itself. */
  owedNow: string;
  /** What is left to pay, on the booking's own schedule. */
  remaining: string;
}

export const PARTY_TEXTS: Readonly<Record<string, PartyTexts>> = {
  en: {
    adults: { one: '{count} adult', other: '{count} adults' },
    children: { one: '{count} child (age {ages})', other: '{count} children (ages {ages})' },
    owedNow: 'The difference, {amount}, is to pay: please pay it from your booking page.',
    remaining: 'Still to pay: {amount}.',
  },
  pt: {
    adults: { one: '{count} adulto', other: '{count} adultos' },
    children: { one: '{count} criança (idade: {ages})', other: '{count} crianças (idades: {ages})' },
    owedNow: 'A diferença, {amount}, fica por pagar: pague-a, por favor, na página da sua reserva.',
    remaining: 'Em falta: {amount}.',
  },
};

export const partyTexts = (locale: string): PartyTexts => PARTY_TEXTS[languageOf(locale)] ?? PARTY_TEXTS.en!;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** `2 adults and 1 child (age 4)`, `2 adultos e 2 crianças (idades: 4 e 9)`. */
export function partyWords(party: QuoteParty, locale: string): string {
  const texts = partyTexts(locale);
  const plural = (forms: Plural, count: number, values: Record<string, string> = {}) =>
    fill(new Intl.PluralRules(locale).select(count) === 'one' ? forms.one : forms.other, {
      count: String(count),
      ...values,
    });
  const list = (items: string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  const parts = [plural(texts.adults, party.adults)];
  if (party.childrenAges.length > 0)
    parts.push(
      plural(texts.children, party.childrenAges.length, {
        ages: list([...party.childrenAges].sort((a, b) => a - b).map(String)),
      }),
    );
  return list(parts);
}
