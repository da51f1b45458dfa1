import type { ReactNode } from 'react';
import { ErrorWithRetry } from './error-with-retry';
import type { AdminListState } from '../lib/use-admin-api';
import { m } from '../i18n/paraglide/messages';

interface Props<T> {
  state: AdminListState<T>;
  texts: { loading: string; error: string; empty: string };
  onRetry: () => void;
  /** One `<li>` per item. */
  children: (item: T) => ReactNode;
}

/** Every admin list shows loading, a failure with a retry, an empty list or its items the same way. */
export function AdminList<T>({ state, texts, onRetry, children }: Props<T>) {
  if (state.kind === 'loading') return <p className="text-slate-700">{texts.loading}</p>;
  if (state.kind === 'error')
    return <ErrorWithRetry message={texts.error} retryLabel={m.adminUi_list_retry()} onRetry={onRetry} />;
  if (state.items.length === 0) return <p className="text-slate-700">{texts.empty}</p>;
  const { more } = state;
  return (
    <>
      <ul className="divide-y divide-slate-200">{state.items.map(children)}</ul>
      {more && (
        <button
          type="button"
          onClick={more.load}
          disabled={more.loading}
          className="mt-3 rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60"
        >
          {more.loading ? m.adminUi_list_loadingMore() : m.adminUi_list_showMore()}
        </button>
      )}
    </>
  );
}
