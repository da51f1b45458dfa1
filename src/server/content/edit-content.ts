import type { BaseVersion, ContentAuthor, ContentDocument, Draft } from '../../shared/content-editor.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { checkContent, invalidContent, storedText } from './content-document.js';
import { missingPhotos } from './content-photos.js';
import { type DraftRow, writeDraft } from './content-draft-data.js';
import { assertBase, nextDraft, readEditState, withContentLock } from './content-lock.js';
import { findVersion } from './content-versions-data.js';

export interface EditDeps {
  db: Db;
  now: () => number;
  /** The build's photos' ids (content-photos.ts): with the stored ones, what the content may name. */
  builtPhotos: ReadonlySet<string>;
}

const wireDraft = (row: DraftRow): Draft => ({
  baseVersion: row.token,
  content: JSON.parse(row.content) as ContentDocument,
  updatedAt: row.updatedAt,
});

/**
 * Saves the editor's document as the draft, if it is valid (400 naming every field at fault) and
 * `base` is what the editor read (409 draft_conflict otherwise). Answers the new draft, whose
 * token the next save or the publish must name.
 */
export async function saveDraft(
  deps: EditDeps,
  base: BaseVersion,
  document: ContentDocument,
  by: ContentAuthor,
): Promise<Draft> {
  const checked = checkContent(document);
  if (!checked.ok) throw invalidContent(checked.issues);
  const missing = await missingPhotos(deps.db, checked.property, deps.builtPhotos);
  if (missing.length > 0) throw invalidContent(missing);
  const at = new Date(deps.now()).toISOString();
  const row = await withContentLock(deps.db, at, async (trx) => {
    const state = await readEditState(trx);
    assertBase(base, state);
    const draft = { ...nextDraft(state), content: storedText(checked.property), updatedAt: at, updatedBy: by };
    await writeDraft(trx, draft);
    return draft;
  });
  return wireDraft(row);
}

/**
 * Makes a published version's document the draft, as it was stored: a version an older schema
 * accepted may need fixing before it can be published again. With `base`, refuses (409) to
 * overwrite a draft saved since the editor read it; without, the draft is replaced.
 */
export async function restoreVersion(
  deps: EditDeps,
  version: number,
  base: BaseVersion | undefined,
  by: ContentAuthor,
): Promise<Draft> {
  const at = new Date(deps.now()).toISOString();
  const row = await withContentLock(deps.db, at, async (trx) => {
    const stored = await findVersion(trx, version);
    if (!stored) throw new HttpError(404, `There is no version ${version} of the content`);
    const state = await readEditState(trx);
    if (base !== undefined) assertBase(base, state);
    const draft = { ...nextDraft(state), content: stored.content, updatedAt: at, updatedBy: by };
    await writeDraft(trx, draft);
    return draft;
  });
  return wireDraft(row);
}
