import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { BookingPage } from '../features/admin/booking-page';
import { adminFlag } from '../lib/admin-flag';
import { queryClient } from '../lib/query-client';

/** /admin/bookings/:code: one booking, where the calendar's booked nights link to. */
export function AdminBookingRoute() {
  const { code = '' } = useParams();
  if (!adminFlag.isSet()) return <Navigate to="/login" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-screen bg-sand-50">
        <header className="bg-lake-800 px-4 py-4 text-white">
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-4">
            <h1 className="text-xl font-semibold">Painel Administrativo</h1>
            <Link to="/admin" className="rounded-lg border border-white/60 px-4 py-1.5 font-medium hover:bg-white/10">
              Back to the admin
            </Link>
          </div>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-8">
          <BookingPage code={code} />
        </main>
      </div>
    </QueryClientProvider>
  );
}
