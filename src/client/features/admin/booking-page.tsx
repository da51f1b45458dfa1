import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminBooking } from '../../../shared/bookings';
import { m } from '../../i18n/paraglide/messages';
import { useAdminApi } from '../../lib/use-admin-api';
import { BookingItem } from './booking-item';

/** One booking on a page of its own (the calendar links a booking's nights here), with every action its status allows. */
export function BookingPage({ code, children }: { code: string; children?: ReactNode }) {
  const adminApi = useAdminApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['admin', 'bookings', 'one', code],
    queryFn: () => adminApi<AdminBooking>(`/api/admin/bookings/${encodeURIComponent(code)}`),
    retry: false,
  });
  const changed = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'blocks'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
    ]);

  return (
    <section aria-labelledby="booking-heading" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="booking-heading" className="text-2xl font-semibold text-lake-800">
        {m.adminUi_booking_heading({ code })}
      </h2>
      {children}
      {query.data ? (
        <ul>
          <BookingItem booking={query.data} onChanged={changed} />
        </ul>
      ) : (
        <p className="mt-4 text-slate-700" role={query.isError ? 'alert' : undefined}>
          {query.isError ? m.adminUi_booking_loadError() : m.adminUi_booking_loading()}
        </p>
      )}
    </section>
  );
}
