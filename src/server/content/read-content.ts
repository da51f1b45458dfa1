import type { ContentDocument, ContentState } from '../../shared/content-editor.js';
import type { Db } from '../db/database.js';
import { afterCursor, keysetPage } from '../lib/cursor.js';
import { HttpError } from '../lib/http-error.js';
import { findDraft } from './content-draft-data.js';
import { findVersion, latestVersionNumber, listVersions } from './content-versions-data.js';

// What the editor reads: the newest version and the draft, the list of versions, one version.
// The documents are sent as stored, even one this server's schema would refuse, so the owner
// can see and fix it. Door instructions are in them: the admin may read them, no log holds them.

const documentOf = (text: string) => JSON.parse(text) as ContentDocument;

export async function contentState(db: Db): Promise<Omit<ContentState, 'stripeConfigured'>> {
  const draft = await findDraft(db);
  const latest = await latestVersionNumber(db);
  const published = latest === undefined ? undefined : await findVersion(db, latest);
  // openContent writes version 1 before the server takes requests.
  if (!published) throw new Error('The database holds no version of the content');
  return {
    published: { version: published.version, content: documentOf(published.content) },
    draft: draft ? { baseVersion: draft.token, content: documentOf(draft.content), updatedAt: draft.updatedAt } : null,
  };
}

/** Newest first, a page at a time; the cursor is the last version's. */
export async function versionsPage(db: Db, limit: number, cursor: string | undefined) {
  const before = afterCursor(cursor);
  // Another list's cursor decodes too, with a row id where a version's number belongs.
  if (before && !/^[1-9]\d{0,8}$/.test(before.id)) throw new HttpError(400, 'cursor is not valid', 'cursor');
  const rows = await listVersions(db, limit, before ? Number(before.id) : undefined);
  const page = keysetPage(
    rows.map((row) => ({ ...row, id: String(row.version) })),
    limit,
    (row) => row.publishedAt,
  );
  return { items: page.items.map(({ id: _id, ...row }) => row), nextCursor: page.nextCursor };
}

export async function versionWithContent(db: Db, version: number) {
  const row = await findVersion(db, version);
  if (!row) throw new HttpError(404, `There is no version ${version} of the content`);
  return {
    version: row.version,
    publishedAt: row.publishedAt,
    publishedBy: row.publishedBy,
    content: documentOf(row.content),
  };
}
