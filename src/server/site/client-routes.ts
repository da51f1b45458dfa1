import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ClientPage,
  type ClientPages,
  compressedPage,
  type CurrentPages,
  PAGE_ENCODINGS,
} from './client-pages.js';
import { HASHED_ASSET_CACHE_CONTROL } from '../lib/public-cache.js';
import { LOGIN_PAGE } from '../../shared/admin.js';
import { isAppPath } from '../../shared/app-paths.js';
import { HttpError } from '../lib/http-error.js';
import { photoRoutes } from './photo-routes.js';

const PAGE_TEMPLATE = /\.html(\.br|\.gz)?$/i;

/** The landing page an unknown page path belongs to: `/pt/` for `/pt/…` while `/pt/` is served, else `/`. */
function homeOf(path: string, landings: ClientPages['landings']): string {
  const prefix = /^\/[^/]+\//.exec(path)?.[0];
  return prefix && landings.has(prefix) ? prefix : '/';
}

/** HTML is revalidated on every visit (ETag), so a new build shows at once. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: ClientPage) {
  reply.header('etag', page.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  // Compressed once per page and kept, rather than on every request (the landing page is 66 KB).
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted.toLowerCase(), [...PAGE_ENCODINGS]) : undefined;
  if (encoding === 'br' || encoding === 'gzip')
    return reply.header('content-encoding', encoding).send(compressedPage(page, encoding));
  return reply.send(page.html);
}

/**
 * Serves the built client: `/` prerendered, hashed assets cached for a year and pre-compressed
 * (.br/.gz), the other languages' pages (`/pt/`), each language's privacy page, the login page, the
 * app shell for the app's other pages (shared/app-paths.ts), and a redirect home for any other
 * page path: to its language's page (`/pt/…` → `/pt/`) while that language is published, to `/`
 * otherwise.
 */
export const clientRoutes: FastifyPluginAsync<{ clientDir: string; pages: CurrentPages }> = async (
  app,
  { clientDir, pages },
) => {
  const started: ClientPages = pages();
  // The languages of the content at start have routes; each answer takes the pages current then,
  // and a language published since is found by the not-found handler below.
  const pageAt = (path: string) =>
    path === LOGIN_PAGE.path ? pages().login : (pages().landings.get(path) ?? pages().privacy.get(path));
  const answer = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const current = pages();
    const page = pageAt(path) ?? (isAppPath(path) ? current.shell : undefined);
    const home = homeOf(path, current.landings);
    // A build without the home page itself gets the shell, never a redirect to itself.
    if (page || home === path) return sendPage(request, reply, page ?? current.shell);
    // Temporary: a path unknown today may be a page tomorrow (a language published).
    return reply.redirect(home, 302);
  };
  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    wildcard: true,
    index: false,
    cacheControl: false,
    // The HTML files hold the SITE_URL placeholder: they are only ever sent filled in, from memory.
    // Their precompressed copies (index.html.br/.gz, written by the build) hold it too.
    allowedPath: (pathName) => !PAGE_TEMPLATE.test(pathName),
    setHeaders: (res, path) => {
      const hashed = path.includes('/assets/');
      res.header('cache-control', hashed ? HASHED_ASSET_CACHE_CONTROL : 'no-cache');
    },
  });

  await app.register(photoRoutes, { clientDir });

  for (const path of started.landings.keys()) {
    app.get(path, (request, reply) => answer(request, reply, path));
    // `/pt` → `/pt/`, where the page's relative links and its canonical URL are.
    if (path !== '/')
      app.get(path.slice(0, -1), (request, reply) =>
        reply.redirect(path + (request.url.slice(path.length - 1) || ''), 301),
      );
  }
  for (const path of started.privacy.keys()) app.get(path, (request, reply) => answer(request, reply, path));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/') &&
      !/\.\w+$/.test(path);
    if (!isPage) throw new HttpError(404, 'Not found');
    if (pages().landings.has(`${path}/`)) return reply.redirect(`${path}/`, 301);
    return answer(request, reply, path);
  });
};
