import { useQuery } from '@tanstack/react-query';
import { AVAILABILITY_WINDOW_MONTHS } from '../../shared/constants';
import { addMonths, type DateRange } from '../../shared/date-ranges';
import type { Availability } from '../../shared/calendar';
import { api } from './api';
import { today } from './calendar-days';

/** The first day of the month `day` is in. */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/**
 * The taken nights from the start of this month for as long as the server answers (18 months), in
 * one request: every month the calendars can show, and what the date fields disable.
 */
export function availabilityWindow(from = monthStart(today())) {
  return { from, to: addMonths(from, AVAILABILITY_WINDOW_MONTHS) };
}

export const AVAILABILITY_QUERY_KEY = ['availability'] as const;

/** Shared by the public calendar, the booking form and the admin calendar (one cache entry). */
export function useAvailability() {
  const { from, to } = availabilityWindow();
  const query = useQuery({
    queryKey: [...AVAILABILITY_QUERY_KEY, from, to],
    queryFn: ({ signal }) => api<Availability>(`/api/availability?from=${from}&to=${to}`, { signal }),
    // The server caches the answer briefly too; a visit does not need it fresher than that.
    staleTime: 60_000,
  });
  const unavailable: readonly DateRange[] = query.data?.unavailable ?? [];
  return { query, unavailable, from, to };
}
