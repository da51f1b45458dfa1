import { z } from './zod.js';
import { adminPageSchema } from './admin-pages.js';

// The wire shapes of the content editor's API, /api/admin/content… (src/server/content/README.md).
// A document is the content file's JSON (content/property.json), checked by PropertySchema on the
// server when a draft is saved and when it is published, not by these shapes.

/** A draft's conflict token: the version it started from and its save on top of it, `3.2`. */
export const DraftTokenSchema = z
  .string({ error: 'baseVersion must be a version number or a draft token' })
  .regex(/^\d{1,9}\.\d{1,9}$/, 'baseVersion is not a version number or a draft token');

/**
 * What the editor's copy was read from (docs/decisions/0022-content-in-the-database.md): the
 * published version's number when there was no draft, the draft's token when there was one. A
 * save or a publish from anything older is a `draft_conflict`, so no change is lost unseen.
 */
export const BaseVersionSchema = z.union([
  z
    .number({ error: 'baseVersion must be a version number or a draft token' })
    .int('baseVersion must be a whole number')
    .min(0, 'baseVersion must not be negative')
    .max(999_999_999, 'baseVersion is too large'),
  DraftTokenSchema,
]);
export type BaseVersion = z.infer<typeof BaseVersionSchema>;

/** The content file's JSON, as a JSON object. */
export const ContentDocumentSchema = z.record(z.string(), z.unknown(), {
  error: 'content must be a JSON object like content/property.json',
});
export type ContentDocument = z.infer<typeof ContentDocumentSchema>;

const VersionNumberSchema = z.number().int().min(0);

export const DraftSchema = z.object({
  /** Its conflict token: send it back with the next save or the publish. */
  baseVersion: DraftTokenSchema,
  content: ContentDocumentSchema,
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof DraftSchema>;

/** GET /api/admin/content. `version` is 0 when the content is read from the files (CONTENT_SOURCE=files). */
export const ContentStateSchema = z.object({
  published: z.object({ version: VersionNumberSchema, content: ContentDocumentSchema }),
  draft: DraftSchema.nullable(),
  /** Whether STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set: without them no Stripe method is offered. */
  stripeConfigured: z.boolean(),
});
export type ContentState = z.infer<typeof ContentStateSchema>;

/** PUT /api/admin/content/draft. */
export const SaveDraftSchema = z.object({ baseVersion: BaseVersionSchema, content: ContentDocumentSchema });

/** POST /api/admin/content/publish, and optionally a restore (which then refuses to overwrite a newer draft). */
export const BaseVersionBodySchema = z.object({ baseVersion: BaseVersionSchema });

export const PublishedSchema = z.object({ version: VersionNumberSchema });

/** Who published a version: `admin` through the editor, `files` for the content folder at the first start. */
export const CONTENT_AUTHORS = ['admin', 'files'] as const;
export type ContentAuthor = (typeof CONTENT_AUTHORS)[number];

export const ContentVersionSchema = z.object({
  version: VersionNumberSchema,
  publishedAt: z.string(),
  publishedBy: z.string(),
});
export type ContentVersion = z.infer<typeof ContentVersionSchema>;

/** GET /api/admin/content/versions: newest first, a page at a time like every admin list. */
export const ContentVersionListSchema = adminPageSchema(ContentVersionSchema);

/** GET /api/admin/content/versions/:version. */
export const ContentVersionWithContentSchema = ContentVersionSchema.extend({ content: ContentDocumentSchema });

export const VersionParamsSchema = z.object({
  version: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'version must be a version number such as 3')
    .transform(Number),
});

/** GET /api/admin/content/preview: the draft's page in one language. */
export const PreviewQuerySchema = z.object({
  /** A locale of the content (`pt-PT`) or its language (`pt`); the default language's page when left out. */
  locale: z
    .string()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/, 'locale must be a language such as en or pt')
    .optional(),
});
