import type { Property } from '../../../shared/content';
import type { ImageManifest } from '../../../shared/images';
import { srcSet } from '../../../shared/images';
import { localePath, ogLocale, PRIVACY_PAGE } from '../../../shared/locales';
import { SITE_URL_PLACEHOLDER } from '../../../shared/site-url';
import { jsonForScript } from '../../lib/page-data';
import { vacationRental } from './structured-data';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A landing page's <head> additions, in its language: description, sharing cards, canonical URL,
 * the alternates in the other languages (and `x-default`, the default language's page), JSON-LD,
 * hero preload.
 */
export function buildHead(property: Property, images: ImageManifest): string {
  const site = SITE_URL_PLACEHOLDER;
  const path = localePath(property.locale, property.locales);
  const title = `${property.name} - ${property.titleSuffix}`;
  const hero = images[property.hero.photo];
  const shareImage = hero ? (hero.jpeg.find((s) => s.width >= 1200) ?? hero.jpeg.at(-1)) : undefined;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`;
  const tags = [
    meta('name', 'description', property.description),
    `<link rel="canonical" href="${site}${path}" />`,
    ...property.locales.map(
      (locale) => `<link rel="alternate" hreflang="${locale}" href="${site}${localePath(locale, property.locales)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${site}/" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', property.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', property.description),
    meta('property', 'og:url', `${site}${path}`),
    meta('property', 'og:locale', ogLocale(property.locale)),
    ...property.locales
      .filter((locale) => locale !== property.locale)
      .map((locale) => meta('property', 'og:locale:alternate', ogLocale(locale))),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', property.description),
  ];
  if (hero && shareImage) {
    tags.push(
      meta('property', 'og:image', `${site}${shareImage.url}`),
      meta('property', 'og:image:width', String(shareImage.width)),
      meta('property', 'og:image:height', String(Math.round((shareImage.width * hero.height) / hero.width))),
      meta(
        'property',
        'og:image:alt',
        property.gallery.find((g) => g.photo === property.hero.photo)?.alt ?? property.name,
      ),
      meta('name', 'twitter:image', `${site}${shareImage.url}`),
      // The largest paint of the page: ask for it before the stylesheet and script are parsed.
      `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${srcSet(hero.avif)}" imagesizes="100vw" />`,
    );
  }
  tags.push(
    `<script type="application/ld+json">${jsonForScript(vacationRental(property, images, site, path))}</script>`,
  );
  return tags.join('\n    ');
}

/**
 * The privacy page's <head> additions, in its language: description, canonical URL and the same
 * page in the other languages (and `x-default`). No sharing cards or JSON-LD: it is not the rental.
 */
export function buildPrivacyHead(property: Property, description: string): string {
  const site = SITE_URL_PLACEHOLDER;
  const at = (locale: string) => `${site}${localePath(locale, property.locales, PRIVACY_PAGE)}`;
  return [
    `<meta name="description" content="${escapeAttribute(description)}" />`,
    `<link rel="canonical" href="${at(property.locale)}" />`,
    ...property.locales.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${at(locale)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${at(property.locales[0] ?? property.locale)}" />`,
  ].join('\n    ');
}
