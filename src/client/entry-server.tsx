import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { images } from 'virtual:images';
import { contents } from 'virtual:content';
import { localePath, PRIVACY_PAGE } from '../shared/locales';
import { LandingRoot } from './app/landing-root';
import { buildHead, buildPrivacyHead } from './app/seo/head';
import { PrivacyPage } from './features/privacy/privacy-page';
import { pagePath, property, setPageLocale, siteLocaleList } from './i18n/locale';
import { m } from './i18n/paraglide/messages';

export interface PrerenderedPage {
  locale: string;
  /** Where the page is served: `/`, `/pt/`, `/privacy`… */
  path: string;
  /** Its file in the built client: `index.html`, `pt/index.html`, `pt/privacy.html`… */
  file: string;
  html: string;
  head: string;
  title: string;
  /** False for a document that needs no script: it is sent without the page's (the privacy page). */
  hydrates: boolean;
}

/** Build time only (scripts/prerender.ts): each language's landing page and privacy page, and the tags for their <head>. */
export function prerender(): PrerenderedPage[] {
  const landings = Object.keys(contents).map((locale) => {
    setPageLocale(locale);
    const path = pagePath(locale);
    return { locale, path, file: `${path}index.html`, html: renderToString(<LandingRoot />), head: buildHead(property, images), title: `${property.name} - ${property.titleSuffix}`, hydrates: true };
  });
  const privacy = Object.keys(contents).map((locale) => {
    setPageLocale(locale);
    const path = localePath(locale, siteLocaleList, PRIVACY_PAGE);
    const html = renderToString(
      <StrictMode>
        <PrivacyPage />
      </StrictMode>,
    );
    return { locale, path, file: `${path}.html`, html, head: buildPrivacyHead(property, m.privacy_description({ name: property.name })), title: `${m.privacy_pageTitle()} - ${property.name}`, hydrates: false };
  });
  return [...landings, ...privacy];
}
