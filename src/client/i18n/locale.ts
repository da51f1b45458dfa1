import { contents } from 'virtual:content';
import type { Property } from '../../shared/content';
import { dateLocaleOf, localePath } from '../../shared/locales';
import { type Locale, overwriteGetLocale } from './paraglide/runtime';

// The page's language, chosen once before the first render: from <html lang> in the browser, per
// page in the prerender (docs/decisions/0011-languages.md). Components read `property` and the
// catalog's texts while rendering, never at module level.
const siteLocales = Object.keys(contents);
const defaultLocale = siteLocales[0] ?? 'en';

/** The page's locale, such as `en` or `pt-PT`. */
export let pageLocale = defaultLocale;
/** The content in the page's language. */
export let property: Property = contents[defaultLocale] as Property;

export function setPageLocale(locale: string): void {
  pageLocale = siteLocales.includes(locale) ? locale : defaultLocale;
  property = contents[pageLocale] as Property;
}

overwriteGetLocale(() => pageLocale as Locale);

/** The site's locales, the default first. */
export const siteLocaleList: readonly string[] = siteLocales;

/** The address of a locale's page: `/` or `/pt/`. */
export const pagePath = (locale: string) => localePath(locale, siteLocales);

/** The locale dates are written in on this page. */
export const dateLocale = () => dateLocaleOf(pageLocale);
