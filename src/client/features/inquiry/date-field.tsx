import { format, isValid, parse } from 'date-fns';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { m } from '../../i18n/paraglide/messages';
import { CalendarDay } from '../../ui/calendar-day';
import { Field } from '../../ui/field';
import { dateOfDay, dayOfDate, today } from '../../lib/calendar-days';
import { DATE_DISPLAY_FORMATS } from '../../lib/constants';
import { pageLocale } from '../../i18n/locale';
import {
  BOOKED_CLASS,
  CALENDAR_CLASS,
  calendarClassNames,
  calendarLabels,
  calendarLocale,
  PAST_CLASS,
} from '../../ui/calendar-options';

interface DateFieldProps {
  id: string;
  label: string;
  placeholder: string;
  /** The name of the calendar that opens from the field. */
  calendarLabel: string;
  /** The chosen day, `YYYY-MM-DD`. */
  value: string | null;
  /** The first day that can be chosen. */
  minDay: string;
  /** The last day that can be chosen (a check-out on the next guest's arrival day), if any. */
  maxDay?: string | null;
  /** Days that cannot be chosen because a night is taken: shown crossed out, as on the public calendar. */
  taken: (day: string) => boolean;
  /** The last month the calendar shows. */
  lastMonth: string;
  /** The calendar sits under the field's right edge (the right-hand column). */
  alignEnd?: boolean;
  /**
   * Whether the taken nights are known. Until they are, the calendar offers no day (every one would
   * look free) and says why; when they could not be loaded it says so and offers `onRetry`.
   * Typing a day stays possible: the server still refuses a taken night.
   */
  nights: 'loading' | 'error' | 'ready';
  onRetry: () => void;
  onChange: (day: string | null) => void;
  /** The form's refusal of this day, shown when the field has no problem of its own. */
  error?: string;
}

type Problem = 'invalid' | 'unavailable' | null;

/**
 * A text field for a day, typed in the page's date format or picked from a calendar under it
 * (react-day-picker). The calendar opens on a click, Enter, ArrowDown or a Space in the empty field,
 * and closes on Escape, Tab, a pick or a click elsewhere.
 */
export default function DateField({
  id,
  label,
  placeholder,
  calendarLabel,
  value,
  minDay,
  maxDay,
  taken,
  lastMonth,
  alignEnd,
  nights,
  onRetry,
  onChange,
  error,
}: DateFieldProps) {
  const locale = calendarLocale();
  const formats = DATE_DISPLAY_FORMATS[pageLocale] ?? DATE_DISPLAY_FORMATS.en!;
  // What the visitor typed, until it is read on leaving the field; null shows the chosen day.
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [open, setOpen] = useState<false | 'pointer' | 'keyboard'>(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const calendarId = `${id}-calendar`;

  const refusal = (day: string): Problem =>
    day < minDay ? 'invalid' : taken(day) || (maxDay && day > maxDay) ? 'unavailable' : null;
  const read = (text: string) => {
    for (const pattern of formats) {
      const date = parse(text.trim(), pattern, new Date(), { locale });
      if (isValid(date)) return dayOfDate(date);
    }
    return null;
  };

  function type(text: string) {
    setTyped(text);
    const day = read(text);
    // A whole day that can be chosen counts at once; anything else waits for the visitor to leave.
    if (day && !refusal(day)) {
      setProblem(null);
      onChange(day);
    }
  }

  function checkTyped() {
    if (typed === null) return;
    const text = typed.trim();
    const day = text ? read(text) : null;
    const found = text === '' ? null : day ? refusal(day) : 'invalid';
    setProblem(found);
    if (found || text === '') onChange(null);
    if (!found) setTyped(null);
  }

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) input.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    if (open === 'keyboard')
      wrapper.current
        ?.querySelector<HTMLButtonElement>(`#${CSS.escape(calendarId)} .rdp-day_button[tabindex="0"]`)
        ?.focus();
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, calendarId]);

  function onInputKey(event: KeyboardEvent<HTMLInputElement>) {
    const { key } = event;
    // Enter never sends the form from a date field: it confirms what was typed, or opens the
    // calendar, as the down arrow and a Space in the empty field do.
    if (key === 'Enter') {
      event.preventDefault();
      if (typed !== null) {
        close(false);
        checkTyped();
      } else if (!open) setOpen('keyboard');
    } else if (!open && (key === 'ArrowDown' || (key === ' ' && event.currentTarget.value === ''))) {
      event.preventDefault();
      setOpen('keyboard');
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      close(false);
      checkTyped();
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  const shown = typed ?? (value ? format(dateOfDay(value), formats[0], { locale }) : '');
  const selected = value ? dateOfDay(value) : undefined;
  const isTaken = (date: Date) => taken(dayOfDate(date));

  return (
    <div
      ref={wrapper}
      className="relative"
      onBlur={(event) => {
        if (wrapper.current?.contains(event.relatedTarget as Node | null)) return;
        setOpen(false);
        checkTyped();
      }}
    >
      <Field
        id={id}
        label={label}
        invalid={false}
        error={
          (problem && (problem === 'invalid' ? m.inquiry_dateNotValid() : m.errors_byCode_dates_unavailable())) || error
        }
      >
        {(control) => (
          <>
            <input
              {...control}
              ref={input}
              type="text"
              role="combobox"
              aria-haspopup="dialog"
              aria-expanded={open !== false}
              aria-controls={open ? calendarId : undefined}
              autoComplete="off"
              placeholder={placeholder}
              value={shown}
              onChange={(event) => type(event.target.value)}
              onClick={() => setOpen(open || 'pointer')}
              onKeyDown={onInputKey}
            />
            {open && (
              <div
                id={calendarId}
                role="dialog"
                aria-label={calendarLabel}
                tabIndex={-1}
                onKeyDown={(event) => {
                  if (event.key !== 'Escape') return;
                  event.preventDefault();
                  close(true);
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
                    onSelect={(date) => {
                      setTyped(null);
                      setProblem(null);
                      onChange(date ? dayOfDate(date) : null);
                      close(true);
                    }}
                    defaultMonth={selected ?? dateOfDay(minDay)}
                    startMonth={dateOfDay(minDay)}
                    endMonth={dateOfDay(lastMonth)}
                    disabled={[
                      { before: dateOfDay(minDay) },
                      ...(maxDay ? [{ after: dateOfDay(maxDay) }] : []),
                      isTaken,
                    ]}
                    modifiers={{ booked: isTaken, past: { before: dateOfDay(today()) } }}
                    modifiersClassNames={{ booked: BOOKED_CLASS, past: PAST_CLASS }}
                    locale={locale}
                    labels={{ ...calendarLabels(), labelNav: () => `${m.calendar_navigation()}: ${label}` }}
                    classNames={calendarClassNames}
                    components={{ Day: CalendarDay }}
                    className={`${CALENDAR_CLASS} [--rdp-day-height:2.5rem] [--rdp-day-width:2.5rem] [--rdp-day_button-height:2.375rem] [--rdp-day_button-width:2.375rem]`}
                  />
                )}
              </div>
            )}
          </>
        )}
      </Field>
    </div>
  );
}
