import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { FeedReservation } from '../../../shared/stays';
import { m } from '../../i18n/paraglide/messages';
import { useAdminApi } from '../../lib/use-admin-api';
import { stayDates } from './labels';
import { NotAStay } from './not-a-stay';

export const FEED_RESERVATIONS_KEY = ['admin', 'bookings', 'feed-reservations'] as const;

/** The feeds' imported reservations, for the list of those not yet a stay and for the form. */
export function useFeedReservations() {
  const adminApi = useAdminApi();
  return useQuery({
    queryKey: FEED_RESERVATIONS_KEY,
    queryFn: () => adminApi<{ items: FeedReservation[] }>('/api/admin/feed-reservations').then((r) => r.items),
    retry: false,
  });
}

/**
 * Each imported reservation that is not yet a stay (the platforms' blocks and the echoes of the
 * site's own bookings left out by the server), with what the feed tells of it, "Complete this
 * stay" opening the form filled in (decision 0037), and "Not a stay" (decision 0053).
 */
export function FeedReservations() {
  const query = useFeedReservations();
  const open = query.data?.filter((r) => r.stayCode === null);
  if (!open)
    return (
      <p className="text-slate-700" role={query.isError ? 'alert' : 'status'}>
        {query.isError ? m.stays_imported_loadError() : m.stays_imported_loading()}
      </p>
    );
  if (open.length === 0) return <p className="text-slate-700">{m.stays_imported_empty()}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {open.map((r) => (
        <li
          key={r.uid}
          data-testid="feed-reservation"
          className="flex flex-wrap items-center justify-between gap-2 py-3"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words text-slate-900">
              {r.feed}: {r.summary}
            </p>
            <p className="text-sm text-slate-700">
              {[
                stayDates(r.start, r.end),
                r.reference ? m.stays_imported_code({ reference: r.reference }) : null,
                r.phoneDigits ? m.stays_imported_phone({ digits: r.phoneDigits }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <div className="flex flex-wrap items-start gap-2">
            <Link
              to={`/admin/stays/new?event=${encodeURIComponent(r.uid)}`}
              aria-label={`${m.stays_imported_complete()}: ${r.feed}, ${stayDates(r.start, r.end)}`}
              className="rounded-lg bg-lake-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-lake-800"
            >
              {m.stays_imported_complete()}
            </Link>
            <NotAStay reservation={r} what={`${r.feed}, ${stayDates(r.start, r.end)}`} onDone={query.refetch} />
          </div>
        </li>
      ))}
    </ul>
  );
}
