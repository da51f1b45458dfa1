import type { Db } from '../db/database.js';
import type { ContentDraftTable } from '../db/schema.js';

// Every query on the content_draft table: the one draft of the content, if there is one. The
// callers hold the content lock (content/content-lock.ts), so these need no conditions of their own.

/** The draft's row id: the table holds this one row or none (a check constraint says so). */
const DRAFT_ID = 'draft';

export type DraftRow = Omit<ContentDraftTable, 'id'>;

export async function findDraft(db: Db): Promise<DraftRow | undefined> {
  return db
    .selectFrom('contentDraft')
    .select(['baseVersion', 'token', 'content', 'updatedAt', 'updatedBy'])
    .where('id', '=', DRAFT_ID)
    .executeTakeFirst();
}

/** Writes the draft, in place of the one there was, if any. */
export async function writeDraft(db: Db, draft: DraftRow): Promise<void> {
  await db
    .insertInto('contentDraft')
    .values({ id: DRAFT_ID, ...draft })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        baseVersion: draft.baseVersion,
        token: draft.token,
        content: draft.content,
        updatedAt: draft.updatedAt,
        updatedBy: draft.updatedBy,
      }),
    )
    .execute();
}

export async function deleteDraft(db: Db): Promise<void> {
  await db.deleteFrom('contentDraft').where('id', '=', DRAFT_ID).execute();
}
