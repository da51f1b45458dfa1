import type { DayProps } from 'react-day-picker';

/**
 * The calendar's day cell without the `role="gridcell"` react-day-picker writes on it: a `<td>` in
 * its `role="grid"` table is a grid cell already, and HTML forbids restating it (the Nu checker
 * counts one error a day). Focus and keys live on the day's button, which is unchanged. A day that
 * cannot be chosen (a past one) says so on the cell too, for a calendar that only shows.
 */
export function CalendarDay({ day: _day, modifiers, role: _role, ...cell }: DayProps) {
  return <td {...cell} aria-disabled={modifiers.disabled || undefined} />;
}
