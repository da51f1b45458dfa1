import { isValid, parse, startOfDay } from 'date-fns';
import { useRef, useState } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { dateLocale } from '../../i18n/locale';
import { DATE_FNS_LOCALES } from '../../i18n/paraglide/date-locales';
import { m } from '../../i18n/paraglide/messages';
import { DATE_DISPLAY_FORMAT, DATE_PICKER_YEARS_PER_PAGE } from '../../lib/constants';

// The picker's month and day names, by the page's date locale (`/` keeps pt-BR; date-fns' `pt` is
// European Portuguese), as scripts/compile-messages.ts finds them for the configured locales.
for (const [name, locale] of Object.entries(DATE_FNS_LOCALES)) registerLocale(name, locale);

interface DateFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: Date | null;
  minDate: Date;
  onChange: (date: Date | null) => void;
}

/** A react-datepicker in the page's date locale, with a visible label and a message for typed dates it cannot read. */
export default function DateField({ id, label, placeholder, value, minDate, onChange }: DateFieldProps) {
  const [invalid, setInvalid] = useState(false);
  // What the visitor last typed; the picker itself forgets text it cannot read.
  const typed = useRef<string | null>(null);

  function checkTyped() {
    if (typed.current === null) return;
    const text = typed.current.trim();
    typed.current = null;
    if (text === '') {
      setInvalid(false);
      if (value) onChange(null);
      return;
    }
    const date = parse(text, DATE_DISPLAY_FORMAT, new Date(), { locale: DATE_FNS_LOCALES[dateLocale()] });
    setInvalid(!isValid(date) || startOfDay(date) < startOfDay(minDate));
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <DatePicker
        id={id}
        selected={value}
        onChange={(date: Date | null) => {
          setInvalid(false);
          onChange(date);
        }}
        onChangeRaw={(event) => {
          const target = event?.target;
          if (target instanceof HTMLInputElement) typed.current = target.value;
        }}
        onSelect={() => {
          typed.current = null;
        }}
        onBlur={checkTyped}
        onCalendarClose={checkTyped}
        locale={DATE_FNS_LOCALES[dateLocale()] ? dateLocale() : undefined}
        dateFormat={DATE_DISPLAY_FORMAT}
        placeholderText={placeholder}
        minDate={minDate}
        yearItemNumber={DATE_PICKER_YEARS_PER_PAGE}
        autoComplete="off"
        aria-invalid={invalid ? 'true' : 'false'}
        aria-describedby={invalid ? `${id}-error` : undefined}
        wrapperClassName="block w-full"
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-lake-600 focus:outline-2 focus:outline-lake-600"
      />
      {invalid && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {m.inquiry_dateNotValid()}
        </p>
      )}
    </div>
  );
}
