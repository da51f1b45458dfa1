import type { Locator } from '@playwright/test';

// The booking form's date fields: a text field that opens a calendar (react-day-picker) under it.

/** The `YYYY-MM-DD` day of a local Date, as the calendar's cells name theirs (data-day). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Opens a field's calendar and turns `nextMonths` pages forward; answers the calendar. */
export async function openCalendar(form: Locator, label: string, nextMonths = 0): Promise<Locator> {
  await form.getByLabel(label, { exact: true }).click();
  const calendar = form.getByRole('dialog');
  for (let i = 0; i < nextMonths; i++) await calendar.getByRole('button', { name: 'Next month' }).click();
  return calendar;
}

/** A day's button in an open calendar, outside days left out. */
export const dayButton = (calendar: Locator, day: string) => calendar.locator(`[data-day="${day}"]:not([data-outside]) button`);

/** Picks `day` in a field's calendar, which opens `nextMonths` months before it. */
export async function pickDay(form: Locator, label: string, day: string, nextMonths = 0): Promise<void> {
  const calendar = await openCalendar(form, label, nextMonths);
  await dayButton(calendar, day).click();
}
