import type { Property } from '../../shared/content';
import { localePath } from '../../shared/locales';
import { readPageData } from '../lib/page-data';
import { type Locale, overwriteGetLocale } from './paraglide/runtime';

// The page's language, chosen once before the first render: from <html lang> in the browser, per
// page in the prerender (docs/decisions/0011-languages.md). Components read `property` and the
// catalog's texts while rendering, never at module level. The content comes from the page in the
// browser and from the renderer's caller in the prerender (0023-page-carries-its-content.md).
let contents: Readonly<Record<string, Property>> = {};

/** The page's locale, such as `en` or `pt-PT`. */
export let pageLocale = 'en';
/** The content in the page's language. */
export let property = undefined as unknown as Property;
/** The site's locales, the default first. */
export let siteLocaleList: readonly string[] = [];

export function setPageLocale(locale: string): void {
  // A page without content (the login page) may speak any of the site's languages.
  const locales = Object.keys(contents).length > 0 ? Object.keys(contents) : siteLocaleList;
  pageLocale = locales.includes(locale) ? locale : (locales[0] ?? pageLocale);
  property = contents[pageLocale] as Property;
}

/** The content in another of the site's languages (a guest's), the page's when the page lacks it. */
export const propertyIn = (locale: string): Property => contents[locale] ?? property;

/**
 * The content the page can show, by locale; its first locale is the page's until setPageLocale.
 * A page without content names the site's languages in `locales`.
 */
export function setSiteContents(next: Readonly<Record<string, Property>>, locales?: readonly string[]): void {
  contents = next;
  const first = Object.values(next)[0];
  siteLocaleList = first?.locales ?? locales ?? Object.keys(next);
  setPageLocale(Object.keys(next)[0] ?? siteLocaleList[0] ?? pageLocale);
}

setSiteContents(readPageData().contents, readPageData().locales);
overwriteGetLocale(() => pageLocale as Locale);

/** The address of a locale's page: `/` or `/pt/`. */
export const pagePath = (locale: string) => localePath(locale, siteLocaleList);
