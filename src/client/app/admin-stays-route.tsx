import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BOOKING_STATUSES, type BookingStatus } from '../../shared/booking-status';
import { CHANNELS, type Channel } from '../../shared/channels';
import { m } from '../i18n/paraglide/messages';
import { FeedReservations } from '../features/stays/feed-reservations';
import type { StayFilter } from '../features/stays/stay-filters';
import { StaysList } from '../features/stays/stays-list';
import { AdminFrame } from './admin-frame';

const card = 'rounded-2xl bg-white p-6 shadow-sm';

/** The filter the address names (`?channel=airbnb&month=2027-06&status=paid`), each part checked. */
function filterOf(params: URLSearchParams): StayFilter {
  const channel = params.get('channel') as Channel | null;
  const status = params.get('status') as BookingStatus | null;
  const month = params.get('month') ?? '';
  return {
    ...(channel && CHANNELS.includes(channel) ? { channel } : {}),
    ...(/^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? { month } : {}),
    ...(status && BOOKING_STATUSES.includes(status) ? { status } : {}),
  };
}

/** /admin/stays: every stay whatever its channel, and the platforms' reservations not yet a stay. */
export function AdminStaysRoute() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  return (
    <AdminFrame back={[{ to: '/admin', label: m.stays_back() }]} tab={m.stays_title()}>
      <section aria-labelledby={`${id}-stays`} className={card} data-testid="stays">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id={`${id}-stays`} className="text-2xl font-semibold text-lake-800">
            {m.stays_title()}
          </h2>
          <Link
            to="/admin/stays/new"
            className="rounded-lg bg-lake-700 px-4 py-2 font-semibold text-white hover:bg-lake-800"
          >
            {m.stays_new()}
          </Link>
        </div>
        <p className="mt-1 mb-4 text-sm text-slate-700">{m.stays_intro()}</p>
        <StaysList filter={filter} onFilter={(next) => setParams(next as Record<string, string>, { replace: true })} />
      </section>
      <section aria-labelledby={`${id}-imported`} className={card} data-testid="feed-reservations">
        <h2 id={`${id}-imported`} className="text-2xl font-semibold text-lake-800">
          {m.stays_imported_title()}
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">{m.stays_imported_intro()}</p>
        <FeedReservations />
      </section>
    </AdminFrame>
  );
}
