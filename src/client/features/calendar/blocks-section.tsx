import { type FormEvent, useState } from 'react';
import type { AdminBlock } from '../../../shared/calendar';
import { formatDay } from '../../../shared/dates';
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
      'Block added.',
      adminFailure('Error adding the block.'),
    );
    if (done) setValues(EMPTY);
  }

  const remove = (block: AdminBlock) =>
    ask(
      `Remove the ${block.kind === 'booking' ? 'confirmed inquiry' : 'block'} from ${formatDay(block.start)} to ${formatDay(block.end)}? Its nights become free.`,
      'Remove',
      () => {
        void act(
          () => adminApi(`/api/admin/blocks/${encodeURIComponent(block.id)}`, { method: 'DELETE' }),
          'Block removed.',
          'Error removing the block.',
        );
      },
    );

  return (
    <div>
      <h3 className="text-lg font-semibold text-lake-800">Blocked nights</h3>
      <form
        onSubmit={(e) => void add(e)}
        aria-label="Add a block"
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
      >
        <Field density="admin" label="Start">
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
        <Field density="admin" label="End (check-out day)">
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
        <Field density="admin" label="Note">
          {(control) => (
            <input {...control} value={values.note} onChange={(e) => setValues({ ...values, note: e.target.value })} />
          )}
        </Field>
        <button
          type="submit"
          className="rounded-lg bg-lake-700 px-3 py-2 text-sm font-semibold text-white hover:bg-lake-800"
        >
          Add block
        </button>
      </form>
      <div className="mt-4">
        <AdminList
          state={state}
          texts={{ loading: 'Loading blocks...', error: 'Error loading blocks.', empty: 'No blocked nights.' }}
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
                  {formatDay(block.start)} – {formatDay(block.end)}
                </span>
                <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-slate-700">
                  {block.kind === 'booking' ? 'Booking' : 'Block'}
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
                    ({block.booking.status.replace('_', ' ')})
                  </p>
                )}
              </div>
              {block.booking ? (
                // Only the booking's own end frees its nights (docs/decisions/0033-a-bookings-nights-are-its-own.md).
                <p className="text-sm text-slate-600">Cancel or decline it from its page to free these nights.</p>
              ) : (
                <button
                  type="button"
                  onClick={() => remove(block)}
                  className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
                >
                  Remove
                </button>
              )}
            </li>
          )}
        </AdminList>
      </div>
    </div>
  );
}
