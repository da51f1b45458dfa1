import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminPageQuerySchema } from '../../shared/admin-pages.js';
import {
  BaseVersionBodySchema,
  type ContentDocument,
  ContentStateSchema,
  ContentVersionListSchema,
  ContentVersionWithContentSchema,
  DraftSchema,
  PublishedSchema,
  SaveDraftSchema,
  VersionParamsSchema,
} from '../../shared/content-editor.js';
import { auditRequest } from '../audit/owner-audit-data.js';
import { freshProofRequired } from '../auth/guards.js';
import { ADMIN_ERRORS, errorResponses } from '../lib/error-responses.js';
import { HttpError } from '../lib/http-error.js';
import { asDocument } from './content-document.js';
import { builtPhotoIds } from './content-photos.js';
import { restoreVersion, saveDraft } from './edit-content.js';
import { publishDraft } from './publish-content.js';
import { contentState, versionsPage, versionWithContent } from './read-content.js';

/**
 * A draft's body: the whole content document. Today's is 26 KB in two languages; 256 KB leaves
 * room for several more languages and a long gallery, where the app's 16 KB would refuse it.
 */
export const CONTENT_BODY_LIMIT = 256 * 1024;

const WRITE_ERRORS = { ...ADMIN_ERRORS, ...errorResponses(409) };
const noStore = { 'cache-control': 'no-store' };

/** Registered inside the admin scope: the session and same-origin checks have already run. */
export const adminContentRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Asked at the first edit: the site feature, registered after this one, loads the build's images.
  let builtPhotos: ReadonlySet<string> | undefined;
  const deps = {
    db: app.db,
    now: app.now,
    live: app.content,
    get builtPhotos() {
      return (builtPhotos ??= builtPhotoIds(app.siteRendering?.builtImages, app.config.contentDir));
    },
    config: app.config,
    dataKeySet: app.dataCipher !== undefined,
    wakeMail: () => app.deliveries.notify(),
  };
  const fromFiles = app.config.contentSource === 'files';

  // Before the body is checked: with CONTENT_SOURCE=files nothing is written, whatever is sent.
  app.addHook('preValidation', async (request) => {
    if (fromFiles && request.method !== 'GET' && request.method !== 'HEAD')
      throw new HttpError(
        409,
        'The content is read from the files in CONTENT_DIR (CONTENT_SOURCE=files): edit them, or set CONTENT_SOURCE=database',
        undefined,
        'content_read_only',
      );
  });

  app.get(
    '/api/admin/content',
    { schema: { response: { 200: ContentStateSchema, ...ADMIN_ERRORS } } },
    async (_request, reply) => {
      reply.headers(noStore);
      const stripeConfigured = app.config.stripe !== undefined;
      if (fromFiles)
        return {
          published: { version: 0, content: asDocument(app.content.current().property) as ContentDocument },
          draft: null,
          stripeConfigured,
        };
      return { ...(await contentState(app.db)), stripeConfigured };
    },
  );

  app.put(
    '/api/admin/content/draft',
    {
      bodyLimit: CONTENT_BODY_LIMIT,
      schema: { body: SaveDraftSchema, response: { 200: DraftSchema, ...WRITE_ERRORS } },
    },
    async (request) => saveDraft(deps, request.body.baseVersion, request.body.content, 'admin'),
  );

  app.post(
    '/api/admin/content/publish',
    { schema: { body: BaseVersionBodySchema, response: { 200: PublishedSchema, ...WRITE_ERRORS } } },
    async (request) => {
      // Asked before the publish's transaction, used in it only if the account for transfers changes.
      const proofMissing = await freshProofRequired(request).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof HttpError && error.code === 'reauth_required') return error;
          throw error;
        },
      );
      return publishDraft(deps, request.body.baseVersion, 'admin', {
        proofMissing,
        audit: (trx, entry) => auditRequest(request, entry, trx),
      });
    },
  );

  app.get(
    '/api/admin/content/versions',
    { schema: { querystring: AdminPageQuerySchema, response: { 200: ContentVersionListSchema, ...ADMIN_ERRORS } } },
    async (request, reply) => {
      reply.headers(noStore);
      if (fromFiles) return { items: [], nextCursor: null };
      return versionsPage(app.db, request.query.limit, request.query.cursor);
    },
  );

  app.get(
    '/api/admin/content/versions/:version',
    {
      schema: {
        params: VersionParamsSchema,
        response: { 200: ContentVersionWithContentSchema, ...ADMIN_ERRORS, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      if (fromFiles) throw new HttpError(404, 'The content is read from the files: there are no versions');
      return versionWithContent(app.db, request.params.version);
    },
  );

  // The body is optional: with {baseVersion}, a draft saved since the editor read it is not overwritten.
  app.post(
    '/api/admin/content/versions/:version/restore',
    {
      schema: {
        params: VersionParamsSchema,
        body: BaseVersionBodySchema.nullish(),
        response: { 200: DraftSchema, ...WRITE_ERRORS, ...errorResponses(404) },
      },
    },
    async (request) => restoreVersion(deps, request.params.version, request.body?.baseVersion, 'admin'),
  );
};
