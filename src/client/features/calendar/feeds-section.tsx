import { type FormEvent, useState } from 'react';
import type { AdminFeed } from '../../../shared/calendar';
import { formatAdminDateTime } from '../../lib/format-date';
import { AdminList } from '../../ui/admin-list';
import { adminFailure, type AdminListState, useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { CopyUrl } from './copy-url';
import { Field } from '../../ui/field';
import { m } from '../../i18n/paraglide/messages';

const EMPTY = { name: '', url: '' };
const when = (iso: string | null) =>
  iso ? <time dateTime={iso}>{formatAdminDateTime(iso)}</time> : m.calendarAdmin_never();

interface Props {
  state: AdminListState<AdminFeed>;
  reload: () => void;
  /** After a change: the feeds and the calendar. */
  changed: () => Promise<unknown>;
  ask: (message: string, confirmLabel: string, run: () => void) => void;
}

/** The platforms' calendars the site imports, each with the URL the platform imports back. */
export function FeedsSection({ state, reload, changed, ask }: Props) {
  const adminApi = useAdminApi();
  const act = useAdminAction(changed);
  const [values, setValues] = useState(EMPTY);
  const path = (feed: AdminFeed, action = '') => `/api/admin/feeds/${encodeURIComponent(feed.id)}${action}`;

  async function add(event: FormEvent) {
    event.preventDefault();
    const done = await act(
      () => adminApi('/api/admin/feeds', { method: 'POST', body: values }),
      m.calendarAdmin_feedAdded(),
      adminFailure(m.calendarAdmin_feedAddFailed()),
    );
    if (done) setValues(EMPTY);
  }

  // A failed import is still a 200 that names the error; the feed's line shows it.
  const sync = (feed: AdminFeed) =>
    act(
      () => adminApi(path(feed, '/sync'), { method: 'POST' }),
      m.calendarAdmin_synced({ name: feed.name }),
      m.calendarAdmin_syncFailed({ name: feed.name }),
    );
  const remove = (feed: AdminFeed) =>
    ask(m.calendarAdmin_removeFeedConfirm({ name: feed.name }), m.calendarAdmin_remove(), () => {
      void act(
        () => adminApi(path(feed), { method: 'DELETE' }),
        m.calendarAdmin_feedRemoved(),
        m.calendarAdmin_feedRemoveFailed(),
      );
    });
  const rotate = (feed: AdminFeed) =>
    ask(m.calendarAdmin_rotateFeedConfirm({ name: feed.name }), m.calendarAdmin_rotate(), () => {
      void act(
        () => adminApi(path(feed, '/rotate'), { method: 'POST' }),
        m.calendarAdmin_rotated(),
        m.calendarAdmin_rotateFailed(),
      );
    });

  return (
    <div>
      <h3 className="text-lg font-semibold text-lake-800">{m.calendarAdmin_feedsHeading()}</h3>
      <form
        onSubmit={(e) => void add(e)}
        aria-label={m.calendarAdmin_addFeedForm()}
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      >
        <Field density="admin" label={m.calendarAdmin_feedName()}>
          {(control) => (
            <input
              {...control}
              required
              placeholder="Airbnb"
              value={values.name}
              onChange={(e) => setValues({ ...values, name: e.target.value })}
            />
          )}
        </Field>
        <Field density="admin" label={m.calendarAdmin_feedUrl()}>
          {(control) => (
            <input
              {...control}
              type="url"
              required
              placeholder="https://…/calendar.ics"
              value={values.url}
              onChange={(e) => setValues({ ...values, url: e.target.value })}
            />
          )}
        </Field>
        <button
          type="submit"
          className="rounded-lg bg-lake-700 px-3 py-2 text-sm font-semibold text-white hover:bg-lake-800"
        >
          {m.calendarAdmin_addFeed()}
        </button>
      </form>
      <div className="mt-4">
        <AdminList
          state={state}
          texts={{
            loading: m.calendarAdmin_feedsLoading(),
            error: m.calendarAdmin_feedsError(),
            empty: m.calendarAdmin_feedsEmpty(),
          }}
          onRetry={reload}
        >
          {(feed) => (
            <li key={feed.id} data-testid="admin-feed" className="py-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold break-words text-slate-900">{feed.name}</p>
                <div className="flex gap-2">
                  <button
                    type="button"
                    onClick={() => void sync(feed)}
                    className="rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800"
                  >
                    {m.calendarAdmin_sync()}
                  </button>
                  <button
                    type="button"
                    onClick={() => remove(feed)}
                    className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
                  >
                    {m.calendarAdmin_remove()}
                  </button>
                </div>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
                <dt className="font-medium">{m.calendarAdmin_url()}</dt>
                <dd className="break-all">{feed.url}</dd>
                <dt className="font-medium">{m.calendarAdmin_lastSync()}</dt>
                <dd>{when(feed.lastSyncAt)}</dd>
                <dt className="font-medium">{m.calendarAdmin_lastSuccess()}</dt>
                <dd>{when(feed.lastSuccessAt)}</dd>
                <dt className="font-medium">{m.calendarAdmin_events()}</dt>
                <dd data-testid="feed-events">
                  {feed.eventCount}
                  {feed.skippedCount > 0 && ` (${m.calendarAdmin_skipped({ count: feed.skippedCount })})`}
                </dd>
                {feed.lastError && (
                  <>
                    <dt className="font-medium">{m.calendarAdmin_lastError()}</dt>
                    <dd data-testid="feed-error" className="break-words text-red-800">
                      {feed.lastError}
                    </dd>
                  </>
                )}
              </dl>
              <CopyUrl
                label={m.calendarAdmin_exportUrlFor({ name: feed.name })}
                url={feed.exportUrl}
                onRotate={() => rotate(feed)}
              />
            </li>
          )}
        </AdminList>
      </div>
    </div>
  );
}
