import type { FastifyPluginAsync } from 'fastify';
import { localePath, PRIVACY_PAGE } from '../../shared/locales.js';

/** The public pages under each locale's address: the landing page and the privacy page. */
const PAGES = ['', PRIVACY_PAGE];

/** The sitemap: each page in each language, each listing that page in all of them (itself too) as alternates. */
function sitemapXml(site: string, locales: readonly string[]): string {
  const urls = PAGES.flatMap((page) => {
    const at = (locale: string) => `${site}${localePath(locale, locales, page)}`;
    const alternates = [
      ...locales.map((locale) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${at(locale)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${at(locales[0] ?? 'en')}"/>`,
    ].join('\n');
    return locales.map((locale) => `  <url>\n    <loc>${at(locale)}</loc>\n${alternates}\n  </url>`);
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

/** robots.txt and sitemap.xml, written with the site's own address (SITE_URL). */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const site = app.config.siteUrl;
  const robots = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${site}/sitemap.xml\n`;

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  // In the published content's languages, whichever is current.
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(site, app.property.locales)),
  );
};
