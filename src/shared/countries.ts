import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };

// The one list of countries every form offers (the booking's country, a tax number's, a guest's
// nationality and documents): ISO 3166-1, whose alpha-3 codes the SIBA bulletin wants
// (docs/decisions/0027-guest-registrations-and-siba.md) and whose alpha-2 codes the booking and
// the invoice take. Names are the common ones, "China", not "People's Republic of China", from
// Intl in the page's language, so no name table is shipped.

export interface Country {
  /** ISO 3166-1 alpha-2, `DE`. */
  alpha2: string;
  /** ISO 3166-1 alpha-3, `DEU`. */
  alpha3: string;
}

/**
 * Kosovo has no ISO 3166-1 code. It takes the user-assigned `XK` that the European Commission and
 * CLDR (so Intl's names) use, and the EU's alpha-3 `XKX`; SIBA publishes no code table, so nothing
 * says it expects another (docs/decisions/0065-leftovers-of-a-season.md). Pinned here because
 * i18n-iso-countries has changed its own alpha-3 for Kosovo between releases (XKX, XXK, XKK).
 */
const KOSOVO: Country = { alpha2: 'XK', alpha3: 'XKX' };
/** Alpha-3 codes a release of i18n-iso-countries once gave Kosovo: a stored one reads as `XKX`. */
const FORMER_CODES: ReadonlyMap<string, string> = new Map([
  ['XKK', KOSOVO.alpha3],
  ['XXK', KOSOVO.alpha3],
]);

const COUNTRIES: readonly Country[] = [
  ...(codes as string[][])
    .map(([alpha2 = '', alpha3 = '']) => ({ alpha2, alpha3 }))
    .filter((c) => c.alpha2 !== KOSOVO.alpha2),
  KOSOVO,
];

/** The code as the list has it today: a former code of Kosovo becomes `XKX`; any other is itself. */
export const currentCountryCode = (code: string) => FORMER_CODES.get(code) ?? code;

/** Every ISO 3166-1 alpha-3 code, sorted. */
export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.alpha3).sort();
const KNOWN = new Set(COUNTRY_CODES);
const ALPHA2_OF = new Map(COUNTRIES.map((c) => [c.alpha3, c.alpha2]));

/** Portugal: its citizens are not reported to SIBA (Lei 23/2007, art. 15.º). */
export const PORTUGAL = 'PRT';

export function isCountryCode(value: string): boolean {
  return KNOWN.has(value);
}

const regionNames = new Map<string, Intl.DisplayNames>();
function regionName(alpha2: string, locale: string): string {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return names.of(alpha2) ?? alpha2;
}

/** `DEU` or `DE` → `Germany` / `Alemanha`: the common name in `locale`. */
export function countryName(code: string, locale: string): string {
  return regionName(code.length === 3 ? (ALPHA2_OF.get(currentCountryCode(code)) ?? code) : code, locale);
}

export type CountryOption = Country & { name: string };

/** Every country with its common name in `locale`, sorted by that name as `locale` sorts ("China" under C). */
export function countryList(locale: string): CountryOption[] {
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((c) => ({ ...c, name: regionName(c.alpha2, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
