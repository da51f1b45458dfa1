import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ADMIN_BOOKING_FILTERS, type AdminBooking } from '../../../shared/bookings';
import { AdminList } from '../../ui/admin-list';
import { Field } from '../../ui/field';
import { BookingItem } from './booking-item';
import { useAdminList } from '../../lib/use-admin-api';

const FILTER_LABELS: Record<(typeof ADMIN_BOOKING_FILTERS)[number], string> = {
  requests: 'Requests to answer',
  awaiting_payment: 'Awaiting payment',
  upcoming: 'Upcoming',
  past: 'Past',
};

/** The owner's bookings: what to answer, what waits for money, what is ahead, what is over. */
export function BookingsPanel() {
  const id = useId();
  const [filter, setFilter] = useState<(typeof ADMIN_BOOKING_FILTERS)[number]>('upcoming');
  const queryClient = useQueryClient();
  const { state, reload } = useAdminList<AdminBooking>(
    ['admin', 'bookings', filter],
    `/api/admin/bookings?status=${filter}`,
    'Error loading bookings.',
  );
  // A booking's nights are in the calendar: its panel and the public months change with it.
  const changed = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'blocks'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
    ]);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl bg-white p-6 shadow-sm xl:col-span-2"
      data-testid="bookings-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-lake-800">
          Bookings
        </h2>
        <div className="flex items-center gap-2">
          <Field id={`${id}-filter`} label="Show" inline>
            {(control) => (
              <select {...control} value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)}>
                {ADMIN_BOOKING_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {FILTER_LABELS[f]}
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
            Reload bookings
          </button>
        </div>
      </div>
      <div className="mt-6">
        <AdminList
          state={state}
          texts={{ loading: 'Loading bookings...', error: 'Error loading bookings.', empty: 'No bookings here.' }}
          onRetry={reload}
        >
          {(booking) => <BookingItem key={booking.code} booking={booking} onChanged={changed} />}
        </AdminList>
      </div>
    </section>
  );
}
