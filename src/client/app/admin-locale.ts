import { useContext, useEffect } from 'react';
import { languageOf } from '../../shared/locales';
import { pageLocale, setPageLocale, siteLocaleList } from '../i18n/locale';
import { locales } from '../i18n/paraglide/runtime';
import { AdminLanguageContext } from './admin-language-context';

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

/**
 * The browser's language for a screen outside the admin's frame (the login page): sets the page's
 * language before the screen's texts are read, and says it in `<html lang>`. Inside the admin the
 * owner's choice rules (AdminLanguageProvider, docs/decisions/0046-admin-language.md) and this
 * does nothing.
 */
export function useAdminLocale(): void {
  const chosen = useContext(AdminLanguageContext);
  const locale = adminLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
  if (!chosen && locale !== pageLocale) setPageLocale(locale);
  useEffect(() => {
    if (!chosen) document.documentElement.lang = pageLocale;
  }, [chosen]);
}
