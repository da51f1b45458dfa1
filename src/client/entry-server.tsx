import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { images } from 'virtual:images';
import { contents } from 'virtual:content';
import { localePath, PRIVACY_PAGE } from '../shared/locales';
import { LandingRoot } from './app/landing-root';
import { buildHead, buildPrivacyHead } from './app/seo/head';
import { PrivacyPage } from './app/privacy-page';
import { pagePath, property, setPageLocale, siteLocaleList } from './i18n/locale';
import { m } from './i18n/paraglide/messages';
import { IslandFrame, islandIdPrefix, type IslandName, IslandSlots } from './ui/island';

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

/**
 * The landing page with each island rendered as the root the browser hydrates: the page first,
 * with an empty box per island, then each island's tree on its own, put into its box
 * (docs/decisions/0021-react-islands.md).
 */
function renderLanding(): string {
  const islands: Array<{ name: IslandName; tree: ReactNode }> = [];
  let html = renderToString(
    <IslandSlots.Provider value={(name, tree) => islands.push({ name, tree })}>
      <LandingRoot />
    </IslandSlots.Provider>,
  );
  for (const { name, tree } of islands) {
    const boxes = [...html.matchAll(new RegExp(`<(div|span) data-island="${name}" class="contents"></\\1>`, 'g'))];
    if (boxes.length !== 1)
      throw new Error(`The landing page has ${boxes.length} "${name}" islands; each must appear once`);
    const [box, tag] = boxes[0]!;
    const inner = renderToString(<IslandFrame>{tree}</IslandFrame>, { identifierPrefix: islandIdPrefix(name) });
    html = html.replace(box, () => `<${tag} data-island="${name}" class="contents">${inner}</${tag}>`);
  }
  return html;
}

/** Build time only (scripts/prerender.ts): each language's landing page and privacy page, and the tags for their <head>. */
export function prerender(): PrerenderedPage[] {
  const landings = Object.keys(contents).map((locale) => {
    setPageLocale(locale);
    const path = pagePath(locale);
    return {
      locale,
      path,
      file: `${path}index.html`,
      html: renderLanding(),
      head: buildHead(property, images),
      title: `${property.name} - ${property.titleSuffix}`,
      hydrates: true,
    };
  });
  const privacy = Object.keys(contents).map((locale) => {
    setPageLocale(locale);
    const path = localePath(locale, siteLocaleList, PRIVACY_PAGE);
    const html = renderToString(
      <StrictMode>
        <PrivacyPage />
      </StrictMode>,
    );
    return {
      locale,
      path,
      file: `${path}.html`,
      html,
      head: buildPrivacyHead(property, m.privacy_description({ name: property.name })),
      title: `${m.privacy_pageTitle()} - ${property.name}`,
      hydrates: false,
    };
  });
  return [...landings, ...privacy];
}
