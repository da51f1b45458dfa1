import { useState } from 'react';
import { formatLongDayTime } from '../../lib/format-date';
import { changedPaths, type Change } from './changed-paths';
import { type ContentState, useContentActions, useVersions } from './content-api';
import { SMALL_BUTTON } from './form-values';
import { m } from '../../i18n/paraglide/messages';

/** Who published a version, in words: the editor, or the content folder at the first start (CONTENT_AUTHORS). */
const authorLabel: Partial<Record<string, () => string>> = {
  admin: m.editor_author_admin,
  files: m.editor_author_files,
};

const shown = (value: unknown) => (value === undefined ? m.editor_none() : JSON.stringify(value));

interface Props {
  published: ContentState['published'];
  /** Restores a version as the draft, after asking when there are unsaved edits. */
  onRestore: (version: number) => void;
}

/** Every published version with who and when; what each changed from the live one; restore any as the draft. */
export function HistorySection({ published, onRestore }: Props) {
  const versions = useVersions();
  const { version: loadVersion } = useContentActions();
  const [changes, setChanges] = useState<{ version: number; list: Change[] } | { version: number; error: true }>();
  const showChanges = async (version: number) => {
    try {
      const { content } = await loadVersion(version);
      setChanges({ version, list: changedPaths(content, published.content) });
    } catch {
      setChanges({ version, error: true });
    }
  };
  return (
    <section aria-labelledby="history-heading" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="history-heading" className="text-2xl font-semibold text-lake-800">
        {m.editor_history()}
      </h2>
      {versions.isPending && <p>{m.editor_loadingVersions()}</p>}
      {versions.isError && <p role="alert">{m.editor_versionsError()}</p>}
      <ul className="divide-y divide-slate-100" data-testid="content-versions">
        {versions.data?.map((item) => (
          <li key={item.version} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {m.editor_version({ version: item.version })}
              {item.version === published.version ? m.editor_versionLiveMark() : ''} ·{' '}
              {formatLongDayTime(item.publishedAt)}
              {item.publishedBy ? ` · ${authorLabel[item.publishedBy]?.() ?? item.publishedBy}` : ''}
            </span>
            {item.version !== published.version && (
              <span className="flex gap-2">
                <button type="button" className={SMALL_BUTTON} onClick={() => void showChanges(item.version)}>
                  {m.editor_changesFrom({ version: item.version })}
                </button>
                <button type="button" className={SMALL_BUTTON} onClick={() => onRestore(item.version)}>
                  {m.editor_restoreVersion({ version: item.version })}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {changes && (
        <div data-testid="content-changes" className="rounded-xl bg-sand-50 p-4 text-sm">
          {'error' in changes ? (
            <p role="alert">{m.editor_versionError({ version: changes.version })}</p>
          ) : changes.list.length === 0 ? (
            <p>{m.editor_versionSame({ version: changes.version })}</p>
          ) : (
            <ul className="space-y-1">
              {changes.list.map((change) => (
                <li key={change.path}>
                  <code>{change.path}</code>: {shown(change.before)} → {shown(change.after)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
