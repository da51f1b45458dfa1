import { useEffect } from 'react';
import { languageOf } from '../../shared/locales';
import { pageLocale, setPageLocale, siteLocaleList } from '../i18n/locale';
import { locales } from '../i18n/paraglide/runtime';

/**
 * The owner's screens of the stays speak the browser's language when the site and the catalog
 * have it (`pt` finds `pt-PT`), else the site's first: /admin has no language of its own in its
 * address (docs/decisions/0011-languages.md).
 */
export function adminLocale(wanted: readonly string[]): string {
  const known = siteLocaleList.filter((l) => (locales as readonly string[]).includes(l));
  for (const language of wanted) {
    const found =
      known.find((l) => l.toLowerCase() === language.toLowerCase()) ??
      known.find((l) => languageOf(l) === languageOf(language));
    if (found) return found;
  }
  return known[0] ?? pageLocale;
}

/** Sets the page's language before the screen's texts are read, and says it in `<html lang>`. */
export function useAdminLocale(): void {
  const locale = adminLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
  if (locale !== pageLocale) setPageLocale(locale);
  useEffect(() => {
    document.documentElement.lang = pageLocale;
  }, []);
}
