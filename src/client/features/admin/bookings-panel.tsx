import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ADMIN_BOOKING_FILTERS, type AdminBooking, type AdminBookingList } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { AdminList } from '../../ui/admin-list';
import { Field } from '../../ui/field';
import { BookingItem } from './booking-item';
import { useAdminList } from '../../lib/use-admin-api';
import { NEEDS_ACTION_KEY } from './needs-action-panel';

type Filter = (typeof ADMIN_BOOKING_FILTERS)[number];

const FILTER_LABELS: Record<Filter, () => string> = {
  requests: m.adminUi_bookings_filter_requests,
  awaiting_payment: m.adminUi_bookings_filter_awaiting_payment,
  upcoming: m.adminUi_bookings_filter_upcoming,
  past: m.adminUi_bookings_filter_past,
};

/** The owner's bookings: what to answer, what waits for money, what is ahead, what is over. */
export function BookingsPanel() {
  const id = useId();
  const [filter, setFilter] = useState<Filter>('upcoming');
  const queryClient = useQueryClient();
  const { state, reload, first } = useAdminList<AdminBooking, AdminBookingList>(
    ['admin', 'bookings', filter],
    `/api/admin/bookings?status=${filter}`,
    m.adminUi_bookings_loadError(),
  );
  // A booking's nights are in the calendar: its panel and the public months change with it.
  const changed = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'blocks'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
      queryClient.invalidateQueries({ queryKey: NEEDS_ACTION_KEY }),
    ]);
  const counts = first?.counts;
  // Where the bookings are when this list has none: never "none" while another list has some.
  const elsewhere = counts ? ADMIN_BOOKING_FILTERS.filter((f) => f !== filter && counts[f] > 0) : [];

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl bg-white p-6 shadow-sm xl:col-span-2"
      data-testid="bookings-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-lake-800">
          {m.adminUi_bookings_title()}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Field id={`${id}-filter`} label={m.adminUi_bookings_show()} inline>
            {(control) => (
              <select {...control} value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)}>
                {ADMIN_BOOKING_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {counts
                      ? m.bookings_showFilter({ filter: FILTER_LABELS[f](), count: counts[f] })
                      : FILTER_LABELS[f]()}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button
            type="button"
            onClick={reload}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            {m.adminUi_bookings_reload()}
          </button>
        </div>
      </div>
      <div className="mt-6">
        <AdminList
          state={state}
          texts={{
            loading: m.adminUi_bookings_loading(),
            error: m.adminUi_bookings_loadError(),
            empty: m.bookings_emptyHere({ filter: FILTER_LABELS[filter]() }),
          }}
          onRetry={reload}
        >
          {(booking) => <BookingItem key={booking.code} booking={booking} onChanged={changed} />}
        </AdminList>
        {state.kind === 'ready' && state.items.length === 0 && elsewhere.length > 0 && counts && (
          <div data-testid="bookings-elsewhere" className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
            <span>{m.bookings_elsewhere()}</span>
            {elsewhere.map((f) => (
              <button
                key={f}
                type="button"
                onClick={() => setFilter(f)}
                className="rounded-lg border border-lake-700 px-3 py-1 text-sm font-semibold text-lake-800 hover:bg-lake-50"
              >
                {m.bookings_showFilter({ filter: FILTER_LABELS[f](), count: counts[f] })}
              </button>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
