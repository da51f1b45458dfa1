import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { m } from '../../i18n/paraglide/messages';
import { queryClient } from '../../lib/query-client';
import type { StayChoice } from './stay-choice';
import { useBookingOptions } from './use-booking-options';

// The form brings the shared schemas and the price code: fetched when the guest reserves.
const BookingForm = lazy(() => import('./booking-form').then((mod) => ({ default: mod.BookingForm })));

/**
 * The booking's one step after "Reserve": a modal dialog with the stay summed up, the guest's
 * details, the terms and the payment. Closing it (Escape, "Change dates") goes back to the panel,
 * which keeps the dates and guests.
 */
export default function BookStay({
  stay,
  onClose,
  onGuests,
}: {
  stay: StayChoice;
  onClose: () => void;
  /** The party's head count as the guest changes it in the form: the panel keeps it too. */
  onGuests?: (guests: number) => void;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <BookStayDialog stay={stay} onClose={onClose} onGuests={onGuests} />
    </QueryClientProvider>
  );
}

function BookStayDialog({
  stay,
  onClose,
  onGuests,
}: {
  stay: StayChoice;
  onClose: () => void;
  onGuests?: (guests: number) => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { data: options, isError } = useBookingOptions();
  const [booked, setBooked] = useState(false);

  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  // Opened once, as it appears: the focus moves into it, and its closing (Escape too) goes back.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    element.focus();
    const closed = () => closeRef.current();
    element.addEventListener('close', closed);
    return () => element.removeEventListener('close', closed);
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      data-testid="book-stay"
      className="m-0 h-full outline-none max-h-none w-full max-w-none overflow-y-auto bg-white p-0 backdrop:bg-slate-900/60 sm:m-auto sm:h-auto sm:max-h-[92vh] sm:max-w-3xl sm:rounded-2xl"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-4">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-lake-800">
          {m.booking_title()}
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-lake-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-lake-700"
        >
          {booked ? m.booking_close() : m.booking_change()}
        </button>
      </div>
      <div className="px-6 pb-6">
        {isError && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {m.booking_optionsFailed()}
          </p>
        )}
        {options?.mode === 'inquiry' ? (
          <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{m.booking_unavailable()}</p>
        ) : options ? (
          <Suspense fallback={<p role="status">{m.loading()}</p>}>
            <BookingForm options={options} stay={stay} onCreated={() => setBooked(true)} onGuests={onGuests} />
          </Suspense>
        ) : (
          !isError && <p role="status">{m.loading()}</p>
        )}
      </div>
    </dialog>
  );
}
