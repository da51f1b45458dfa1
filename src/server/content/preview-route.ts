import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageOf } from '../../shared/locales.js';
import { SITE_URL_PLACEHOLDER } from '../../shared/site-url.js';
import { PreviewQuerySchema } from '../../shared/content-editor.js';
import { errorMessage } from '../../shared/error-message.js';
import { HttpError } from '../lib/http-error.js';
import { contentState } from './read-content.js';
import { asDocument, checkContent } from './content-document.js';
import { contentImages } from './content-photos.js';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The band that keeps a preview from being taken for the live site: fixed at the bottom, over no
 * menu, its text (the build's catalog, in the page's language) escaped like any text put in HTML.
 */
const previewBand = (text: string) =>
  '<p role="note" data-testid="preview-band" style="position:fixed;inset:auto 0 0 0;z-index:100;margin:0;' +
  'padding:10px 16px;background:#fef3c7;color:#78350f;border-top:2px solid #b45309;' +
  `font:600 15px/1.4 system-ui,sans-serif;text-align:center">${escapeHtml(text)}</p>`;

const withPreviewBand = (html: string, text: string) =>
  html.replace(/<body[^>]*>/, (body) => `${body}${previewBand(text)}`);

/**
 * The landing page as the draft would make it, rendered by the build's own renderer: only for the
 * owner, never cached, never indexed (docs/decisions/0023-page-carries-its-content.md).
 */
export const contentPreviewRoute: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/content/preview',
    // No response schema: the answer is the page's HTML, and errors take the app's one body.
    { schema: { querystring: PreviewQuerySchema } },
    async (request, reply) => {
      const rendering = app.siteRendering;
      if (!rendering) throw new HttpError(404, 'The preview needs the built site: run npm run build');
      const document =
        app.config.contentSource === 'files'
          ? asDocument(app.content.current().property)
          : await contentState(app.db).then((state) => state.draft?.content ?? state.published.content);
      const checked = checkContent(document);
      // An invalid draft is refused by the renderer below, naming its fields.
      const uploaded = checked.ok ? await contentImages(app.db, checked.property) : {};
      let site;
      try {
        site = rendering.render(document, { ...rendering.builtImages, ...uploaded });
      } catch (error) {
        throw new HttpError(400, `The draft cannot be shown yet: ${errorMessage(error)}`);
      }
      const wanted = request.query.locale;
      const page = wanted
        ? site.landings.find((p) => p.locale === wanted || languageOf(p.locale) === wanted)
        : site.landings[0];
      if (!page) throw new HttpError(404, `The content has no ${wanted} page`);
      return reply
        .headers({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex' })
        .type('text/html; charset=utf-8')
        .send(
          withPreviewBand(
            page.html.replaceAll(SITE_URL_PLACEHOLDER, app.config.siteUrl),
            rendering.previewBand(page.locale),
          ),
        );
    },
  );
};
