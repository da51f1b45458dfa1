import type { BaseVersion, ContentAuthor } from '../../shared/content-editor.js';
import type { OwnerActionEntry } from '../audit/owner-audit-data.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { checkInOn, DATA_KEY_HOW } from '../lib/check-in-key.js';
import { bankAccountChanged, bankAccountOf, bankChangeDetail } from './bank-account.js';
import { queueBankAccountMail } from './bank-account-mail.js';
import { checkContent, invalidContent, storedText } from './content-document.js';
import { contentImages, missingPhotos } from './content-photos.js';
import { deleteDraft } from './content-draft-data.js';
import { draftConflict, readEditState, withContentLock } from './content-lock.js';
import { findVersion, insertVersion } from './content-versions-data.js';
import type { EditDeps } from './edit-content.js';
import { contentSnapshot, type LiveContent } from './live-content.js';

/** How a publish is audited and what it may change: given by the route, from its request. */
export interface PublishGuard {
  /** The 403 `reauth_required` to answer when the session proved nothing in the last 5 minutes; undefined when it did. */
  proofMissing: HttpError | undefined;
  /** Writes an entry of the owner's audit list in the publish's transaction. */
  audit: (trx: Db, entry: Omit<OwnerActionEntry, 'client'>) => Promise<void>;
}

/**
 * Publishes the draft named by `base` (its token) as the next version: checked by the content
 * file's schema, inserted, and the draft removed, in one transaction. This server serves it at
 * once; the others within their next poll (content-poll.ts). A publish that changes the account
 * for transfers needs the fresh proof, and is audited and mailed to the owner in the same
 * transaction (docs/decisions/0063-the-iban-and-the-last-doors.md).
 */
export async function publishDraft(
  deps: EditDeps & { live: LiveContent; config: Config; dataKeySet: boolean; wakeMail?: () => void },
  base: BaseVersion,
  by: ContentAuthor,
  guard: PublishGuard,
): Promise<{ version: number }> {
  let mailed = false;
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
    // Compared with the newest version as stored, under the lock: not with what this server serves.
    const before = latest > 0 ? bankAccountOf(JSON.parse((await findVersion(trx, latest))?.content ?? 'null')) : null;
    const after = bankAccountOf(checked.property);
    const accountChanged = latest > 0 && bankAccountChanged(before, after);
    if (accountChanged && guard.proofMissing) throw guard.proofMissing;
    // The lock makes this number free; the primary key would refuse it otherwise.
    if (
      !(await insertVersion(trx, { version, content: storedText(checked.property), publishedAt: at, publishedBy: by }))
    )
      throw draftConflict();
    await deleteDraft(trx);
    await guard.audit(trx, { action: 'content_published', detail: String(version) });
    if (accountChanged) {
      await guard.audit(trx, { action: 'bank_account_changed', detail: bankChangeDetail(before, after) });
      mailed = await queueBankAccountMail(
        trx,
        { ownerEmail: deps.config.mail.to, siteUrl: deps.config.siteUrl, property: checked.property, now: deps.now() },
        { version, at, before, after },
      );
    }
    return contentSnapshot(version, checked.property, await contentImages(trx, checked.property));
  });
  deps.live.adopt(published);
  if (mailed) deps.wakeMail?.();
  return { version: published.version };
}
