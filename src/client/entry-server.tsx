import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { images as buildImages } from 'virtual:images';
import { LOGIN_PAGE } from '../shared/admin';
import { describeContentError, PropertySchema } from '../shared/content';
import type { ImageManifest } from '../shared/images';
import { languageName, localePath, PRIVACY_PAGE } from '../shared/locales';
import type { RenderedPage, RenderedSite, SiteRenderInput } from '../shared/rendered-site';
import { LandingRoot } from './app/landing-root';
import { LoginRoute } from './app/login-route';
import { buildHead, buildPrivacyHead } from './app/seo/head';
import { PrivacyPage } from './app/privacy-page';
import { shellFiller } from './app/render/fill-shell';
import { clientImages, clientProperty, renderedProperty } from './app/render/page-contents';
import { pagePath, property, setPageLocale, setSiteContents, siteLocaleList } from './i18n/locale';
import { m } from './i18n/paraglide/messages';
import { baseLocale, type Locale, locales } from './i18n/paraglide/runtime';
import { setImages } from './lib/page-images';
import { IslandFrame, islandIdPrefix, type IslandName, IslandSlots } from './ui/island';

export { stylesheetHref } from './app/render/fill-shell';

/** The photo manifest of this build (scripts/images-plugin.ts): the photos in dist/client/assets/img. */
export const builtImages: ImageManifest = buildImages;

/**
 * The band over a preview of the draft, in the previewed page's language, from the catalog: the
 * server shows it but never reads the client's catalog itself (docs/decisions/0023-page-carries-its-content.md).
 */
export function previewBand(locale: string): string {
  const known = (locales as readonly string[]).includes(locale) ? (locale as Locale) : baseLocale;
  return m.editor_previewBand({}, { locale: known });
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

/**
 * Every page of the site for a content document, as complete documents: each language's landing
 * page and privacy page, and the app shell. Run by the build (scripts/prerender.ts) and by the
 * server for published content (src/server/site/render-site.ts), so both give the same pages
 * (docs/decisions/0023-page-carries-its-content.md). Synchronous: the module's page language and
 * content are set for one render at a time.
 */
export function renderSite({ content, images, shell }: SiteRenderInput): RenderedSite {
  const parsed = PropertySchema.safeParse(content);
  if (!parsed.success) throw new Error(describeContentError('The content', parsed.error));
  const locales = parsed.data.locales;
  const rendered = Object.fromEntries(locales.map((locale) => [locale, renderedProperty(parsed.data, locale)]));
  setSiteContents(rendered);
  setImages(images);
  const fill = shellFiller(shell);
  const languageNames = Object.fromEntries(locales.map((locale) => [locale, languageName(locale)]));
  const landings = locales.map((locale): RenderedPage => {
    setPageLocale(locale);
    const path = pagePath(locale);
    const html = fill.page({
      locale,
      title: `${property.name} - ${property.titleSuffix}`,
      head: buildHead(property, images),
      body: renderLanding(),
      data: {
        contents: { [locale]: clientProperty(property) },
        images: clientImages(property, images),
        languageNames,
      },
    });
    return { locale, path, file: `${path.slice(1)}index.html`, html };
  });
  const privacy = locales.map((locale): RenderedPage => {
    setPageLocale(locale);
    const path = localePath(locale, siteLocaleList, PRIVACY_PAGE);
    const html = fill.page({
      locale,
      title: `${m.privacy_pageTitle()} - ${property.name}`,
      head: buildPrivacyHead(property, m.privacy_description({ name: property.name })),
      body: renderToString(
        <StrictMode>
          <PrivacyPage />
        </StrictMode>,
      ),
    });
    return { locale, path, file: `${path.slice(1)}.html`, html };
  });
  // The router's screens choose their language at run time (a booking's page is in the booking's
  // language), so the shell carries every language; none of them draws a photo.
  const [defaultLocale] = locales;
  setPageLocale(defaultLocale!);
  const description = buildHead(property, images).match(/<meta name="description"[^>]*>/)?.[0] ?? '';
  const app = fill.app({
    title: `${property.name} - ${property.titleSuffix}`,
    description,
    data: {
      contents: Object.fromEntries(locales.map((locale) => [locale, clientProperty(rendered[locale]!)])),
      images: {},
      languageNames,
    },
  });
  // The login form is drawn with the page rather than after three scripts, and hydrated as the
  // page's one island; it needs no content (docs/decisions/0021-react-islands.md).
  setPageLocale(LOGIN_PAGE.locale);
  const login = fill.page({
    locale: LOGIN_PAGE.locale,
    title: `${m.login_heading()} - ${property.name}`,
    head: description,
    body: `<div data-island="login" class="contents">${renderToString(
      <IslandFrame>
        <LoginRoute />
      </IslandFrame>,
      { identifierPrefix: islandIdPrefix('login') },
    )}</div>`,
    data: { contents: {}, images: {}, locales: siteLocaleList },
  });
  return { landings, privacy, login: { ...LOGIN_PAGE, html: login }, app: { file: 'app.html', html: app } };
}
