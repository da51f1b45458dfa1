import type { BaseVersion, ContentAuthor } from '../../shared/content-editor.js';
import { HttpError } from '../lib/http-error.js';
import { checkContent, invalidContent, storedText } from './content-document.js';
import { contentImages, missingPhotos } from './content-photos.js';
import { deleteDraft } from './content-draft-data.js';
import { draftConflict, readEditState, withContentLock } from './content-lock.js';
import { insertVersion } from './content-versions-data.js';
import type { EditDeps } from './edit-content.js';
import { contentSnapshot, type LiveContent } from './live-content.js';

/**
 * Publishes the draft named by `base` (its token) as the next version: checked by the content
 * file's schema, inserted, and the draft removed, in one transaction. This server serves it at
 * once; the others within their next poll (content-poll.ts).
 */
export async function publishDraft(
  deps: EditDeps & { live: LiveContent },
  base: BaseVersion,
  by: ContentAuthor,
): Promise<{ version: number }> {
  const at = new Date(deps.now()).toISOString();
  const published = await withContentLock(deps.db, at, async (trx) => {
    const { draft, latest } = await readEditState(trx);
    if (!draft) {
      if (base === latest) throw new HttpError(409, 'There is no draft to publish');
      throw draftConflict();
    }
    if (base !== draft.token) throw draftConflict();
    const checked = checkContent(JSON.parse(draft.content));
    if (!checked.ok) throw invalidContent(checked.issues);
    // A photo deleted since the draft was saved is refused here rather than missing from the page.
    const missing = await missingPhotos(trx, checked.property, deps.builtPhotos);
    if (missing.length > 0) throw invalidContent(missing);
    const version = latest + 1;
    // The lock makes this number free; the primary key would refuse it otherwise.
    if (
      !(await insertVersion(trx, { version, content: storedText(checked.property), publishedAt: at, publishedBy: by }))
    )
      throw draftConflict();
    await deleteDraft(trx);
    return contentSnapshot(version, checked.property, await contentImages(trx, checked.property));
  });
  deps.live.adopt(published);
  return { version: published.version };
}
