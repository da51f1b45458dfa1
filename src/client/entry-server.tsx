import { renderToString } from 'react-dom/server';
import { images } from 'virtual:images';
import { contents } from 'virtual:content';
import { LandingRoot } from './app/landing-root';
import { buildHead } from './app/seo/head';
import { pagePath, property, setPageLocale } from './i18n/locale';

export interface PrerenderedPage {
  locale: string;
  /** Where the page is served: `/`, `/pt/`… */
  path: string;
  html: string;
  head: string;
  title: string;
}

/** Build time only (scripts/prerender.ts): each language's landing page and the tags for its <head>. */
export function prerender(): PrerenderedPage[] {
  return Object.keys(contents).map((locale) => {
    setPageLocale(locale);
    return { locale, path: pagePath(locale), html: renderToString(<LandingRoot />), head: buildHead(property, images), title: `${property.name} - ${property.titleSuffix}` };
  });
}
