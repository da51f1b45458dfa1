import type { BaseVersion } from '../../shared/content-editor.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { writeSetting } from '../settings/settings-data.js';
import { type DraftRow, findDraft } from './content-draft-data.js';
import { latestVersionNumber } from './content-versions-data.js';

// How two editors (two tabs, two servers) take turns and learn of each other's work
// (docs/decisions/0022-content-in-the-database.md).

/**
 * Runs `fn` in a transaction that first writes one settings row: on PostgreSQL its lock makes
 * every save, restore and publish wait for the one before to commit, so each reads the state the
 * last one left (as calendar/bookings.ts does for the nights); SQLite has one writer anyway.
 */
export async function withContentLock<T>(db: Db, at: string, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await writeSetting(trx, 'content_lock', at);
    return fn(trx);
  });
}

/** The state an editor may build on: the draft, if any, and the newest version (0 before the first). */
export interface EditState {
  draft: DraftRow | undefined;
  latest: number;
}

export async function readEditState(db: Db): Promise<EditState> {
  return { draft: await findDraft(db), latest: (await latestVersionNumber(db)) ?? 0 };
}

/** What an editor that read this state names as its baseVersion: the draft's token, or the newest version. */
export const stateToken = (state: EditState): BaseVersion => state.draft?.token ?? state.latest;

export const draftConflict = () =>
  new HttpError(
    409,
    'The content changed since it was read (another tab or person saved or published): reload it; nothing was written',
    undefined,
    'draft_conflict',
  );

export function assertBase(base: BaseVersion, state: EditState): void {
  if (base !== stateToken(state)) throw draftConflict();
}

/**
 * The token of the draft written next: the same base and one more save (`3.2` → `3.3`), or `N.1`
 * for a new draft on version N. A draft only ends by being published, which makes N + 1 the
 * newest, so no token is ever given twice, and none is a version's number.
 */
export function nextDraft(state: EditState): { baseVersion: number; token: string } {
  if (!state.draft) return { baseVersion: state.latest, token: `${state.latest}.1` };
  const saves = Number(state.draft.token.split('.')[1] ?? 0);
  return { baseVersion: state.draft.baseVersion, token: `${state.draft.baseVersion}.${saves + 1}` };
}
