import { lazy, Suspense } from 'react';
import { addDays, addMonths, firstTakenNightFrom, isNightTaken, overlapsAny } from '../../../shared/date-ranges';
import { m } from '../../i18n/paraglide/messages';
import { today as visitorToday } from '../../lib/calendar-days';
import { useAvailability } from '../../lib/use-availability';
import { controlClass, LABEL_CLASS } from '../../ui/field';

// The date pickers are the heaviest code on the page: a chunk of their own, fetched with the form.
const DateField = lazy(() => import('./date-field'));

interface Props {
  /** The form's own id: the fields are `${id}-check-in` and `${id}-check-out`. */
  id: string;
  checkIn: string | null;
  checkOut: string | null;
  onCheckIn: (day: string | null) => void;
  onCheckOut: (day: string | null) => void;
  placeholders: readonly [checkIn: string, checkOut: string];
  /** The form's refusals of either day (ui/form-errors.tsx). */
  errors?: { checkIn?: string | undefined; checkOut?: string | undefined };
}

/**
 * A stay's arrival and departure, as the inquiry form and the booking panel both ask them: the
 * calendars leave out the taken nights, and a new arrival drops a departure it makes impossible.
 */
export function StayDates({ id, checkIn, checkOut, onCheckIn, onCheckOut, placeholders, errors }: Props) {
  const today = visitorToday();
  const { query, unavailable, to } = useAvailability();
  const nights = query.data ? 'ready' : query.isError ? 'error' : 'loading';
  const retryNights = () => void query.refetch();
  const lastMonth = addMonths(to, -1);
  // A stay is at least one night and may end on the next guest's arrival day, not after it.
  const checkOutLimit = checkIn ? firstTakenNightFrom(checkIn, unavailable) : null;
  const fallback = (label: string, placeholder: string) => (
    <div>
      <span className={LABEL_CLASS}>{label}</span>
      <input disabled aria-label={label} placeholder={placeholder} className={controlClass()} />
    </div>
  );
  return (
    <>
      <Suspense fallback={fallback(m.inquiry_checkIn(), placeholders[0])}>
        <DateField
          id={`${id}-check-in`}
          label={m.inquiry_checkIn()}
          placeholder={placeholders[0]}
          calendarLabel={m.inquiry_chooseCheckIn()}
          value={checkIn}
          minDay={today}
          taken={(day) => isNightTaken(day, unavailable)}
          lastMonth={lastMonth}
          nights={nights}
          onRetry={retryNights}
          error={errors?.checkIn}
          onChange={(day) => {
            onCheckIn(day);
            if (day && checkOut && (checkOut <= day || overlapsAny({ start: day, end: checkOut }, unavailable)))
              onCheckOut(null);
          }}
        />
      </Suspense>
      <Suspense fallback={fallback(m.inquiry_checkOut(), placeholders[1])}>
        <DateField
          id={`${id}-check-out`}
          label={m.inquiry_checkOut()}
          placeholder={placeholders[1]}
          calendarLabel={m.inquiry_chooseCheckOut()}
          value={checkOut}
          // A stay shorter than a season's minimum can be picked: the panel's rule then says why it is refused.
          minDay={addDays(checkIn ?? today, 1)}
          maxDay={checkOutLimit}
          // The night before a check-out is the guest's last: it must be free.
          taken={(day) => isNightTaken(addDays(day, -1), unavailable)}
          lastMonth={lastMonth}
          nights={nights}
          onRetry={retryNights}
          alignEnd
          error={errors?.checkOut}
          onChange={onCheckOut}
        />
      </Suspense>
    </>
  );
}
