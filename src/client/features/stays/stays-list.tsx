import { Link } from 'react-router';
import type { StayItem } from '../../../shared/stays';
import { m } from '../../i18n/paraglide/messages';
import { useAdminList } from '../../lib/use-admin-api';
import { AdminList } from '../../ui/admin-list';
import { channelLabel, partyText, statusLabel, stayDates } from './labels';
import { FeedMissingActions } from './feed-missing-actions';
import { type StayFilter, StayFilters } from './stay-filters';

const STATUS_STYLE: Partial<Record<StayItem['status'], string>> = {
  cancelled: 'bg-slate-200 text-slate-800',
  declined: 'bg-slate-200 text-slate-800',
  expired: 'bg-slate-200 text-slate-800',
  awaiting_payment: 'bg-amber-100 text-amber-900',
  requested: 'bg-amber-100 text-amber-900',
};

const query = (filter: StayFilter) =>
  new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1]))).toString();

/** The one list of stays, whatever the channel, each linked to its page (docs/stays.md). */
export function StaysList({ filter, onFilter }: { filter: StayFilter; onFilter: (next: StayFilter) => void }) {
  const search = query(filter);
  const { state, reload } = useAdminList<StayItem>(
    ['admin', 'bookings', 'stays', search],
    `/api/admin/stays${search ? `?${search}` : ''}`,
    m.stays_loadError(),
  );
  return (
    <div className="grid gap-4">
      <StayFilters filter={filter} onFilter={onFilter} />
      <AdminList
        state={state}
        texts={{ loading: m.stays_loading(), error: m.stays_loadError(), empty: m.stays_empty() }}
        onRetry={reload}
      >
        {(stay) => (
          <li key={stay.code} data-testid="stay-item" className="flex flex-wrap items-start justify-between gap-2 py-3">
            <div className="min-w-0">
              <Link to={`/admin/bookings/${stay.code}`} className="font-semibold text-lake-700 underline">
                {stay.code} · {stay.name}
              </Link>
              <p className="text-sm text-slate-700">
                {stayDates(stay.checkIn, stay.checkOut)} · {partyText(stay.adults, stay.children)}
              </p>
              {stay.feedMissing && (
                <div className="mt-2">
                  <FeedMissingActions code={stay.code} channel={stay.channel} />
                </div>
              )}
            </div>
            <div className="flex flex-wrap gap-2 text-sm">
              <span data-testid="stay-channel" className="rounded bg-sand-100 px-2 py-0.5 font-medium text-slate-800">
                {channelLabel[stay.channel]()}
                {stay.platformReference ? ` · ${stay.platformReference}` : ''}
              </span>
              <span
                data-testid="stay-status"
                className={`rounded px-2 py-0.5 font-medium ${STATUS_STYLE[stay.status] ?? 'bg-lake-100 text-lake-800'}`}
              >
                {statusLabel[stay.status]()}
              </span>
            </div>
          </li>
        )}
      </AdminList>
    </div>
  );
}
