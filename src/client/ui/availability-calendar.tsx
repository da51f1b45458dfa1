import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { DateRange } from '../../shared/date-ranges';
import { m } from '../i18n/paraglide/messages';
import { dateOfDay, dayOfDate, today } from '../lib/calendar-days';
import {
  BOOKED_CLASS,
  CALENDAR_CLASS,
  calendarClassNames,
  calendarLabels,
  calendarLocale,
  nightTaken,
  PAST_CLASS,
} from './calendar-options';
import { CalendarDay } from './calendar-day';

interface Props {
  unavailable: readonly DateRange[];
  /** The first and last months that can be shown, as `YYYY-MM-DD` days in them. */
  firstMonth: string;
  lastMonth: string;
  /** The day whose month is shown first (the owner's next stay); the first month by default. */
  openOn?: string;
}

/** Two months with the taken nights marked, and a legend: for guests and for the owner. */
export function AvailabilityCalendar({ unavailable, firstMonth, lastMonth, openOn }: Props) {
  const firstDay = today();
  const past = (date: Date) => dayOfDate(date) < firstDay;
  return (
    <div data-testid="availability-calendar">
      <DayPicker
        numberOfMonths={2}
        startMonth={dateOfDay(firstMonth)}
        {...(openOn && openOn >= firstMonth && openOn <= lastMonth ? { defaultMonth: dateOfDay(openOn) } : {})}
        endMonth={dateOfDay(lastMonth)}
        locale={calendarLocale()}
        labels={calendarLabels()}
        modifiers={{ booked: nightTaken(unavailable), past }}
        disabled={past}
        modifiersClassNames={{ booked: BOOKED_CLASS, past: PAST_CLASS }}
        classNames={calendarClassNames}
        components={{ Day: CalendarDay }}
        className={CALENDAR_CLASS}
      />
      <ul aria-label={m.availability_legend()} className="mt-4 flex flex-wrap gap-6 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <span
            aria-hidden
            className="inline-flex size-7 items-center justify-center rounded border border-slate-300 bg-white"
          >
            12
          </span>
          {m.availability_legendFree()}
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden
            className={`inline-flex size-7 items-center justify-center rounded border border-slate-300 ${BOOKED_CLASS}`}
          >
            12
          </span>
          {m.availability_legendBooked()}
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden
            className={`inline-flex size-7 items-center justify-center rounded border border-slate-300 ${PAST_CLASS}`}
          >
            12
          </span>
          {m.availability_legendPast()}
        </li>
      </ul>
    </div>
  );
}
