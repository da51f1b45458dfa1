import { DayPicker } from 'react-day-picker';
import { m } from '../../i18n/paraglide/messages';
import { CalendarDay } from '../../ui/calendar-day';
import { dateOfDay, dayOfDate, today } from '../../lib/calendar-days';
import {
  BOOKED_CLASS,
  CALENDAR_CLASS,
  calendarClassNames,
  calendarLabels,
  calendarLocale,
  PAST_CLASS,
} from '../../ui/calendar-options';

interface DateFieldCalendarProps {
  id: string;
  /** The field's label, which names the calendar's month navigation. */
  label: string;
  calendarLabel: string;
  alignEnd?: boolean;
  nights: 'loading' | 'error' | 'ready';
  onRetry: () => void;
  selected: Date | undefined;
  minDay: string;
  maxDay?: string | null;
  lastMonth: string;
  taken: (day: string) => boolean;
  onPick: (date: Date | undefined) => void;
  onEscape: () => void;
}

/**
 * The calendar that opens under a DateField: the taken nights crossed out, or, until they are
 * known, why no day is offered (and a retry when they could not be loaded).
 */
export function DateFieldCalendar({
  id,
  label,
  calendarLabel,
  alignEnd,
  nights,
  onRetry,
  selected,
  minDay,
  maxDay,
  lastMonth,
  taken,
  onPick,
  onEscape,
}: DateFieldCalendarProps) {
  const isTaken = (date: Date) => taken(dayOfDate(date));
  return (
    <div
      id={id}
      role="dialog"
      aria-label={calendarLabel}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onEscape();
      }}
      className={`absolute top-full z-30 mt-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg ${alignEnd ? 'right-0' : 'left-0'}`}
    >
      {nights === 'loading' && (
        <p role="status" className="w-64 p-2 text-sm text-slate-700">
          {m.availability_checking()}
        </p>
      )}
      {nights === 'error' && (
        <div role="alert" className="w-64 space-y-2 p-2 text-sm text-slate-700">
          <p>{m.availability_checkFailed()}</p>
          <button
            type="button"
            onClick={onRetry}
            className="rounded-lg border border-lake-700 px-3 py-1.5 font-semibold text-lake-700 hover:bg-lake-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-600"
          >
            {m.availability_tryAgain()}
          </button>
        </div>
      )}
      {nights === 'ready' && (
        <DayPicker
          mode="single"
          selected={selected}
          onSelect={onPick}
          defaultMonth={selected ?? dateOfDay(minDay)}
          startMonth={dateOfDay(minDay)}
          endMonth={dateOfDay(lastMonth)}
          disabled={[{ before: dateOfDay(minDay) }, ...(maxDay ? [{ after: dateOfDay(maxDay) }] : []), isTaken]}
          modifiers={{ booked: isTaken, past: { before: dateOfDay(today()) } }}
          modifiersClassNames={{ booked: BOOKED_CLASS, past: PAST_CLASS }}
          locale={calendarLocale()}
          labels={{ ...calendarLabels(), labelNav: () => `${m.calendar_navigation()}: ${label}` }}
          classNames={calendarClassNames}
          components={{ Day: CalendarDay }}
          className={`${CALENDAR_CLASS} [--rdp-day-height:2.5rem] [--rdp-day-width:2.5rem] [--rdp-day_button-height:2.375rem] [--rdp-day_button-width:2.375rem]`}
        />
      )}
    </div>
  );
}
