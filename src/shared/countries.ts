import countries from 'i18n-iso-countries/index.js';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };

// The ISO 3166-1 list the guest registrations use: alpha-3 codes, as the SIBA bulletin wants
// (docs/decisions/0027-guest-registrations-and-siba.md), with names in both site languages. Only
// the two languages are registered, so nothing else of the library's data is loaded.
countries.registerLocale(en);
countries.registerLocale(pt);

/** Every ISO 3166-1 alpha-3 code, sorted. */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha3Codes()).sort();
const KNOWN = new Set(COUNTRY_CODES);

/** Portugal: its citizens are not reported to SIBA (Lei 23/2007, art. 15.º). */
export const PORTUGAL = 'PRT';

export function isCountryCode(value: string): boolean {
  return KNOWN.has(value);
}

/** `DEU` → `Germany` / `Alemanha`; the site's `pt-PT` takes the library's `pt`. */
export function countryName(code: string, locale: string): string {
  const language = locale.toLowerCase().startsWith('pt') ? 'pt' : 'en';
  return countries.getName(code, language, { select: 'official' }) ?? code;
}

/** The countries as `{ code, name }`, sorted by their name in `locale`. */
export function countryList(locale: string): Array<{ code: string; name: string }> {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
