import 'react-day-picker/style.css';
import { m } from '../../i18n/paraglide/messages';
import { Field } from '../../ui/field';
import { dateOfDay, dayOfDate } from '../../lib/calendar-days';
import { DateFieldCalendar } from './date-field-calendar';
import { useCalendarPopup } from './use-calendar-popup';
import { useTypedDay } from './use-typed-day';

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
  const { typed, problem, shown, type, checkTyped, clear } = useTypedDay({ value, minDay, maxDay, taken, onChange });
  const calendarId = `${id}-calendar`;
  const { open, setOpen, wrapper, input, close, onInputKey } = useCalendarPopup(calendarId, typed, checkTyped);

  const selected = value ? dateOfDay(value) : undefined;

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
              <DateFieldCalendar
                id={calendarId}
                label={label}
                calendarLabel={calendarLabel}
                alignEnd={alignEnd}
                nights={nights}
                onRetry={onRetry}
                selected={selected}
                minDay={minDay}
                maxDay={maxDay}
                lastMonth={lastMonth}
                taken={taken}
                onPick={(date) => {
                  clear();
                  onChange(date ? dayOfDate(date) : null);
                  close(true);
                }}
                onEscape={() => close(true)}
              />
            )}
          </>
        )}
      </Field>
    </div>
  );
}
