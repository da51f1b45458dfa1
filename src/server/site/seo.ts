import type { FastifyPluginAsync } from 'fastify';

/** robots.txt and sitemap.xml, written with the site's own address (SITE_URL). */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const site = app.config.siteUrl;
  const robots = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${site}/sitemap.xml\n`;
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${site}/</loc></url>\n</urlset>\n`;

  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));
  app.get('/sitemap.xml', async (_request, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap));
};
