import type { DateRange as DayRange } from '../../shared/date-ranges';
import { isNightTaken } from '../../shared/date-ranges';
import { type DateLib, getDefaultClassNames, type Labels, type Modifiers } from 'react-day-picker';
import { pageLocale } from '../i18n/locale';
import { DATE_FNS_LOCALES } from '../i18n/paraglide/date-locales';
import { m } from '../i18n/paraglide/messages';
import { dayOfDate } from '../lib/calendar-days';

// A booked night is crossed out on a hatched ground, so it reads without colour too.
export const BOOKED_CLASS =
  'bg-[repeating-linear-gradient(135deg,#fde2e2_0_4px,#fff_4px_8px)] text-slate-700 line-through decoration-red-800 decoration-2';
// A day gone by is greyed on a grey ground, said "past" to a screen reader and never chosen; its
// text keeps the contrast a free day's has (the picker's own fading is turned off for it).
export const PAST_CLASS = 'bg-slate-200 text-slate-600 opacity-100!';
const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lake-600';

/** The site's colours for the picker's accent and today (important: its own stylesheet loads later). */
export const CALENDAR_CLASS =
  'text-slate-800 [--rdp-accent-color:var(--color-lake-700)]! [--rdp-accent-background-color:var(--color-lake-50)]! [--rdp-today-color:var(--color-lake-700)]!';

const defaults = getDefaultClassNames();
/** The day picker's own look, with the site's focus ring on its buttons. */
export const calendarClassNames = {
  button_previous: `${defaults.button_previous} ${FOCUS_RING}`,
  button_next: `${defaults.button_next} ${FOCUS_RING}`,
  day_button: `${defaults.day_button} ${FOCUS_RING}`,
};

/** Month and day names in the page's language (the picker's own English when none is listed). */
export const calendarLocale = () => DATE_FNS_LOCALES[pageLocale];

/** A matcher for the days whose night is taken. */
export const nightTaken = (unavailable: readonly DayRange[]) => (date: Date) =>
  isNightTaken(dayOfDate(date), unavailable);

/** "Today, Friday, 10 July 2026, booked": what a screen reader hears for a day, from the catalog. */
function dayLabel(date: Date, modifiers: Modifiers | undefined, dateLib: DateLib | undefined): string {
  const day = dateLib ? dateLib.format(date, 'PPPP') : date.toDateString();
  if (modifiers?.booked) return modifiers.today ? m.calendar_dayTodayBooked({ day }) : m.calendar_dayBooked({ day });
  if (modifiers?.past) return m.calendar_dayPast({ day });
  return modifiers?.today ? m.calendar_dayToday({ day }) : day;
}

/** The calendars' words, all from the catalog. */
export const calendarLabels = (): Partial<Labels> => ({
  labelNav: () => m.calendar_navigation(),
  labelPrevious: () => m.calendar_previousMonth(),
  labelNext: () => m.calendar_nextMonth(),
  labelDayButton: (date, modifiers, _options, dateLib) => dayLabel(date, modifiers, dateLib),
  labelGridcell: (date, modifiers, _options, dateLib) => dayLabel(date, modifiers, dateLib),
});
