// The site's languages: the content file lists them, the first is the default
// (docs/decisions/0011-languages.md). Pure helpers, used by the build, the server and the page.

/** A BCP 47 tag of a language and an optional region, such as `en` or `pt-PT`. */
export const LOCALE_PATTERN = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** The language subtag: `pt-PT` → `pt`. */
export const languageOf = (locale: string) => locale.split('-')[0] ?? locale;

/** The site's pages besides the landing page, by their path under a locale's. */
export const PRIVACY_PAGE = 'privacy';

/**
 * Where a locale's page lives: `/` for the default locale, `/pt/` for `pt-PT`; with `page`, that
 * page under it (`/privacy`, `/pt/privacy`).
 */
export function localePath(locale: string, locales: readonly string[], page = ''): string {
  return `${locale === locales[0] ? '/' : `/${languageOf(locale)}/`}${page}`;
}

/** The locale whose page a path is on (`/pt/`, `/pt`), or the default locale. */
export function localeOfPath(path: string, locales: readonly string[]): string {
  const prefix = path.split('/')[1] ?? '';
  return locales.slice(1).find((locale) => languageOf(locale) === prefix) ?? locales[0] ?? 'en';
}

/** Open Graph's form of a locale: `pt-PT` → `pt_PT`; a bare language gets its likeliest region (`en` → `en_US`). */
export function ogLocale(locale: string): string {
  const [language, region] = locale.split('-');
  return `${language}_${region ?? new Intl.Locale(locale).maximize().region ?? language?.toUpperCase()}`;
}

/** A language's name in that language, capitalised: `pt-PT` → `Português`, `en` → `English`. */
export function languageName(locale: string): string {
  const language = languageOf(locale);
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? locale;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/**
 * A language as a reader of `reader` names it, for a label: `pt-PT` → `European Portuguese` in
 * English, `português europeu` in Portuguese; the tag itself when Intl does not know it.
 */
export function languageNameIn(locale: string, reader: string): string {
  try {
    return new Intl.DisplayNames([reader], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}
