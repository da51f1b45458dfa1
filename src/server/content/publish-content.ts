import type { BaseVersion, ContentAuthor } from '../../shared/content-editor.js';
import type { Config } from '../config.js';
import { HttpError } from '../lib/http-error.js';
import { checkInOn, DATA_KEY_HOW } from '../registrations/data-key.js';
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
  deps: EditDeps & { live: LiveContent; config: Config; dataKeySet: boolean },
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
    // Refused here, not at the next start: a site already taking bookings keeps running
    // (docs/decisions/0050-a-missing-key-never-stops-the-site.md).
    if (!deps.dataKeySet && checkInOn(deps.config, checked.property))
      throw new HttpError(
        409,
        `Taking bookings turns online check-in on, which needs DATA_ENCRYPTION_KEY: it is not set on this server. ${DATA_KEY_HOW}`,
        undefined,
        'data_key_missing',
      );
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
