import { format, isValid, parse } from 'date-fns';
import { useState } from 'react';
import { dateOfDay, dayOfDate } from '../../lib/calendar-days';
import { DATE_DISPLAY_FORMATS } from '../../lib/constants';
import { pageLocale } from '../../i18n/locale';
import { calendarLocale } from '../../ui/calendar-options';

export type Problem = 'invalid' | 'unavailable' | null;

interface TypedDayOptions {
  value: string | null;
  minDay: string;
  maxDay?: string | null;
  taken: (day: string) => boolean;
  onChange: (day: string | null) => void;
}

/**
 * A DateField's text: what the visitor types, read in the page's date formats, and its problem.
 * A whole day that can be chosen counts at once; anything else is read when the visitor leaves.
 */
export function useTypedDay({ value, minDay, maxDay, taken, onChange }: TypedDayOptions) {
  const locale = calendarLocale();
  const formats = DATE_DISPLAY_FORMATS[pageLocale] ?? DATE_DISPLAY_FORMATS.en!;
  // What the visitor typed, until it is read on leaving the field; null shows the chosen day.
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem>(null);

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

  /** A day picked from the calendar replaces whatever was typed. */
  function clear() {
    setTyped(null);
    setProblem(null);
  }

  const shown = typed ?? (value ? format(dateOfDay(value), formats[0], { locale }) : '');
  return { typed, problem, shown, type, checkTyped, clear };
}
