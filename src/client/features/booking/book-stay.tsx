import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { m } from '../../i18n/paraglide/messages';
import { queryClient } from '../../lib/query-client';

// The form brings the shared schemas and the price code: fetched when the guest starts to book.
const BookingForm = lazy(() => import('./booking-form').then((mod) => ({ default: mod.BookingForm })));
import { useBookingOptions } from './use-booking-options';

/** The stay chosen in the contact form: `YYYY-MM-DD` days and a number of guests, each unset until chosen. */
export interface StayChoice {
  checkIn: string | null;
  checkOut: string | null;
  guests: number | null;
}

/**
 * "Book now" (or "Request to book") under the inquiry form, when the site takes bookings: it opens
 * the booking form for the dates and guests chosen there. Nothing shows while the site takes inquiries only.
 */
export default function BookStay({ stay }: { stay: StayChoice }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BookStayContent stay={stay} />
    </QueryClientProvider>
  );
}

function BookStayContent({ stay }: { stay: StayChoice }) {
  const { data: options } = useBookingOptions();
  const [open, setOpen] = useState(false);
  if (!options || options.mode === 'inquiry') return null;
  const { checkIn, checkOut, guests } = stay;
  const ready = checkIn !== null && checkOut !== null && guests !== null && guests > 0;
  return (
    <section aria-label={m.booking_title()} className="mt-6 rounded-2xl bg-white p-6 shadow-sm" data-testid="book-stay">
      {!open && (
        <>
          <button
            type="button"
            onClick={() => setOpen(true)}
            disabled={!ready}
            aria-describedby={ready ? undefined : 'book-stay-hint'}
            className="w-full rounded-lg bg-lake-700 px-4 py-3 font-semibold text-white hover:bg-lake-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-700 disabled:opacity-60"
          >
            {options.mode === 'request' ? m.booking_requestToBook() : m.booking_bookNow()}
          </button>
          {!ready && (
            <p id="book-stay-hint" className="mt-2 text-center text-sm text-slate-600">
              {m.booking_chooseStay()}
            </p>
          )}
        </>
      )}
      {open && ready && (
        <>
          <h3 className="text-xl font-semibold text-lake-800">{m.booking_title()}</h3>
          <Suspense fallback={<p role="status">{m.loading()}</p>}>
            <BookingForm options={options} stay={{ checkIn, checkOut, guests }} />
          </Suspense>
        </>
      )}
    </section>
  );
}
