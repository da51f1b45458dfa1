import { type FormEvent, useState } from 'react';
import type { AdminBlock } from '../../../shared/calendar';
import { formatAdminStayDay } from '../../lib/format-date';
import { m } from '../../i18n/paraglide/messages';
import { AdminList } from '../../ui/admin-list';
import type { AdminListState } from '../../lib/use-admin-api';
import { adminFailure, useAdminAction, useAdminApi } from '../../lib/use-admin-api';
import { Field } from '../../ui/field';
import { Link } from 'react-router';

const EMPTY = { start: '', end: '', note: '' };

interface Props {
  state: AdminListState<AdminBlock>;
  reload: () => void;
  /** After a change: the blocks and the calendar. */
  changed: () => Promise<unknown>;
  ask: (message: string, confirmLabel: string, run: () => void) => void;
}

/**
 * The owner's blocks, confirmed inquiries and the bookings' nights: blocks are added with a start and an
 * (exclusive) end and removed one by one; a booking's nights are shown, linked to it, and never removed here.
 */
export function BlocksSection({ state, reload, changed, ask }: Props) {
  const adminApi = useAdminApi();
  const act = useAdminAction(changed);
  const [values, setValues] = useState(EMPTY);

  async function add(event: FormEvent) {
    event.preventDefault();
    const body = { start: values.start, end: values.end, note: values.note || undefined };
    const done = await act(
      () => adminApi('/api/admin/blocks', { method: 'POST', body }),
      m.calendarAdmin_blockAdded(),
      adminFailure(m.calendarAdmin_blockAddFailed()),
    );
    if (done) setValues(EMPTY);
  }

  const remove = (block: AdminBlock) =>
    ask(
      (block.kind === 'booking' ? m.calendarAdmin_removeInquiryConfirm : m.calendarAdmin_removeBlockConfirm)({
        start: formatAdminStayDay(block.start),
        end: formatAdminStayDay(block.end),
      }),
      m.calendarAdmin_remove(),
      () => {
        void act(
          () => adminApi(`/api/admin/blocks/${encodeURIComponent(block.id)}`, { method: 'DELETE' }),
          m.calendarAdmin_blockRemoved(),
          m.calendarAdmin_blockRemoveFailed(),
        );
      },
    );

  return (
    <div>
      <h3 className="text-lg font-semibold text-lake-800">{m.calendarAdmin_blocksHeading()}</h3>
      <form
        onSubmit={(e) => void add(e)}
        aria-label={m.calendarAdmin_addBlockForm()}
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
      >
        <Field density="admin" label={m.calendarAdmin_start()}>
          {(control) => (
            <input
              {...control}
              type="date"
              required
              value={values.start}
              onChange={(e) => setValues({ ...values, start: e.target.value })}
            />
          )}
        </Field>
        <Field density="admin" label={m.calendarAdmin_end()}>
          {(control) => (
            <input
              {...control}
              type="date"
              required
              value={values.end}
              min={values.start || undefined}
              onChange={(e) => setValues({ ...values, end: e.target.value })}
            />
          )}
        </Field>
        <Field density="admin" label={m.calendarAdmin_note()}>
          {(control) => (
            <input {...control} value={values.note} onChange={(e) => setValues({ ...values, note: e.target.value })} />
          )}
        </Field>
        <button
          type="submit"
          className="rounded-lg bg-lake-700 px-3 py-2 text-sm font-semibold text-white hover:bg-lake-800"
        >
          {m.calendarAdmin_addBlock()}
        </button>
      </form>
      <div className="mt-4">
        <AdminList
          state={state}
          texts={{
            loading: m.calendarAdmin_blocksLoading(),
            error: m.calendarAdmin_blocksError(),
            empty: m.calendarAdmin_blocksEmpty(),
          }}
          onRetry={reload}
        >
          {(block) => (
            <li
              key={block.id}
              data-testid="admin-block"
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <div className="min-w-0 text-sm text-slate-800">
                <span className="font-medium">
                  {formatAdminStayDay(block.start)} – {formatAdminStayDay(block.end)}
                </span>
                <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-slate-700">
                  {block.kind === 'booking' ? m.calendarAdmin_kindBooking() : m.calendarAdmin_kindBlock()}
                </span>
                {block.note && <p className="mt-1 break-words text-slate-600">{block.note}</p>}
                {block.booking && (
                  <p className="mt-1 break-words text-slate-700">
                    <Link
                      to={`/admin/bookings/${encodeURIComponent(block.booking.code)}`}
                      className="font-medium text-lake-800 underline"
                    >
                      {block.booking.code} · {block.booking.name}
                    </Link>{' '}
                    ({m[`calendarAdmin_status_${block.booking.status}`]()})
                  </p>
                )}
              </div>
              {block.booking ? (
                // Only the booking's own end frees its nights (docs/decisions/0033-a-bookings-nights-are-its-own.md).
                <p className="text-sm text-slate-600">{m.calendarAdmin_bookingHint()}</p>
              ) : (
                <button
                  type="button"
                  onClick={() => remove(block)}
                  className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
                >
                  {m.calendarAdmin_remove()}
                </button>
              )}
            </li>
          )}
        </AdminList>
      </div>
    </div>
  );
}
