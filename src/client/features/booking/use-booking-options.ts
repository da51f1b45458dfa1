import { useQuery } from '@tanstack/react-query';
import type { BookingOptions } from '../../../shared/bookings';
import { pageLocale } from '../../i18n/locale';
import { api } from '../../lib/api';

/** How the site takes bookings now (the payment methods depend on the server's keys), in the page's language. */
export function useBookingOptions() {
  return useQuery({
    queryKey: ['booking-options', pageLocale],
    queryFn: () => api<BookingOptions>(`/api/booking/options?locale=${encodeURIComponent(pageLocale)}`),
    staleTime: 5 * 60_000,
  });
}
