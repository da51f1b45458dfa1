import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useId, useState } from 'react';
import { GUESTS_MIN } from '../../../shared/constants';
import { overlapsAny } from '../../../shared/date-ranges';
import { property } from '../../i18n/locale';
import { m } from '../../i18n/paraglide/messages';
import { queryClient } from '../../lib/query-client';
import { useAvailability } from '../../lib/use-availability';
import { Field } from '../../ui/field';
import { stayRule } from './stay-rules';
import { StayDates } from './stay-dates';

const QuoteEstimate = lazy(() => import('./quote-estimate'));

/** A stay the panel lets a guest reserve: both days and the guests, within the house's rules. */
export interface ChosenStay {
  checkIn: string;
  checkOut: string;
  guests: number;
}

/**
 * What follows "Reserve" (composed in by the contact section): the booking's one step, closed by
 * `close`; a change of the party there comes back through `onGuests`, so the panel says the same.
 */
export type RenderReserve = (stay: ChosenStay, close: () => void, onGuests: (guests: number) => void) => ReactNode;

/**
 * The booking panel, when the site takes bookings: the dates and guests, the live price, and the
 * house's rules said as the guest chooses, then "Reserve". The rules refuse at once what the server
 * would refuse later: a stay too short, an arrival day the season does not take, a taken night.
 */
export function StayPanel({ mode, renderReserve }: { mode: 'instant' | 'request'; renderReserve: RenderReserve }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StayPanelContent mode={mode} renderReserve={renderReserve} />
    </QueryClientProvider>
  );
}

function StayPanelContent({ mode, renderReserve }: { mode: 'instant' | 'request'; renderReserve: RenderReserve }) {
  const id = useId();
  const [checkIn, setCheckIn] = useState<string | null>(null);
  const [checkOut, setCheckOut] = useState<string | null>(null);
  const [guests, setGuests] = useState(Math.min(2, property.capacity));
  const [reserving, setReserving] = useState(false);
  const [asked, setAsked] = useState(false);
  const { unavailable } = useAvailability();
  const pricing = property.pricing;
  const taken = checkIn && checkOut ? overlapsAny({ start: checkIn, end: checkOut }, unavailable) : false;
  const rule = checkIn ? stayRule(pricing, checkIn, checkOut, guests, taken) : null;
  const ready = checkIn !== null && checkOut !== null && rule?.refused !== true;

  function reserve() {
    if (ready) setReserving(true);
    else {
      setAsked(true);
      // The first thing still to choose takes the focus.
      document.getElementById(`${id}-${checkIn ? 'check-out' : 'check-in'}`)?.focus();
    }
  }
  // Back from the dialog, the focus is where the guest left: on "Reserve".
  const close = useCallback(() => {
    setReserving(false);
    document.getElementById(`${id}-reserve`)?.focus();
  }, [id]);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200">
      <h3 id={`${id}-title`} className="text-xl font-semibold text-lake-800">
        {m.booking_title()}
      </h3>
      <div className="mt-4 grid grid-cols-2 gap-3" data-testid="panel-dates">
        <StayDates
          id={id}
          checkIn={checkIn}
          checkOut={checkOut}
          onCheckIn={setCheckIn}
          onCheckOut={setCheckOut}
          placeholders={[m.panel_addDate(), m.panel_addDate()]}
        />
      </div>
      <Field
        id={`${id}-guests`}
        className="mt-3"
        label={m.inquiry_guests()}
        hint={m.panel_guestsMax({ count: property.capacity })}
      >
        {(control) => (
          <select {...control} name="guests" value={guests} onChange={(e) => setGuests(Number(e.target.value))}>
            {Array.from({ length: property.capacity - GUESTS_MIN + 1 }, (_, i) => i + GUESTS_MIN).map((count) => (
              <option key={count} value={count}>
                {m.panel_guestsOption({ count })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div aria-live="polite" className="mt-3 space-y-3">
        {rule && (
          <p
            id={`${id}-rule`}
            data-testid="panel-rule"
            data-refused={rule.refused || undefined}
            className={
              rule.refused
                ? 'rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900'
                : 'rounded-lg bg-lake-50 px-3 py-2 text-sm text-lake-800'
            }
          >
            {rule.text}
          </p>
        )}
        {!checkOut && (
          <p className={asked ? 'text-sm font-medium text-amber-900' : 'text-sm text-slate-600'}>
            {m.panel_chooseDates()}
          </p>
        )}
      </div>
      {pricing && ready && (
        <div className="mt-3">
          <Suspense fallback={null}>
            <QuoteEstimate
              stay={{ checkIn, checkOut, guests: String(guests) }}
              unavailable={unavailable}
              title={m.booking_linesTitle()}
              note={mode === 'instant' ? m.panel_notYet() : null}
            />
          </Suspense>
        </div>
      )}
      <button
        id={`${id}-reserve`}
        type="button"
        onClick={reserve}
        aria-describedby={rule?.refused ? `${id}-rule` : undefined}
        className="mt-4 w-full rounded-lg bg-lake-700 px-4 py-3 font-semibold text-white hover:bg-lake-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-700"
      >
        {mode === 'request' ? m.booking_requestToBook() : m.panel_reserve()}
      </button>
      {reserving && checkIn && checkOut && renderReserve({ checkIn, checkOut, guests }, close, setGuests)}
    </section>
  );
}
