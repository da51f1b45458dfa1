import { languageOf } from '../../../shared/locales';

/** The first of the browser's languages the site speaks (`pt-BR` finds `pt-PT`), if any. */
export function browserLocale(locales: readonly string[]): string | undefined {
  const wanted = typeof navigator === 'undefined' ? [] : navigator.languages;
  for (const language of wanted) {
    const exact = locales.find((l) => l.toLowerCase() === language.toLowerCase());
    if (exact) return exact;
    const same = locales.find((l) => languageOf(l) === languageOf(language).toLowerCase());
    if (same) return same;
  }
  return undefined;
}
