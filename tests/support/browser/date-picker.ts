import type { Locator } from '@playwright/test';
import { addDays } from '../../../src/shared/date-ranges.js';

// The booking form's date fields: a text field that opens a calendar (react-day-picker) under it.

/** The `YYYY-MM-DD` day of a local Date, as the calendar's cells name theirs (data-day). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Opens a field's calendar and turns `nextMonths` pages forward (its button named `nextLabel` in the page's language); answers the calendar. */
export async function openCalendar(
  form: Locator,
  label: string,
  nextMonths = 0,
  nextLabel = 'Next month',
): Promise<Locator> {
  await form.getByLabel(label, { exact: true }).click();
  const calendar = form.getByRole('dialog');
  for (let i = 0; i < nextMonths; i++) await calendar.getByRole('button', { name: nextLabel }).click();
  return calendar;
}

/** A day's button in an open calendar, outside days left out. */
export const dayButton = (calendar: Locator, day: string) =>
  calendar.locator(`[data-day="${day}"]:not([data-outside]) button`);

/** Picks `day` in a field's calendar, which opens `nextMonths` months before it. */
export async function pickDay(
  form: Locator,
  label: string,
  day: string,
  nextMonths = 0,
  nextLabel = 'Next month',
): Promise<void> {
  const calendar = await openCalendar(form, label, nextMonths, nextLabel);
  await dayButton(calendar, day).click();
}

/** The pages a calendar turns from the month of `from` to that of `to` (both `YYYY-MM-DD`). */
export const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

/**
 * Picks a stay in the two date fields. The check-in calendar opens on the month of `today` (the
 * page's), the check-out one on that of the day after the check-in; `nextLabel` names the
 * next-month button in the page's language.
 */
export async function pickStay(
  form: Locator,
  stay: { checkIn: string; checkOut: string; today: string },
  nextLabel = 'Next month',
): Promise<void> {
  const { checkIn, checkOut, today } = stay;
  await pickDay(form, 'Check-in', checkIn, monthsBetween(today, checkIn), nextLabel);
  await pickDay(form, 'Check-out', checkOut, monthsBetween(addDays(checkIn, 1), checkOut), nextLabel);
}
