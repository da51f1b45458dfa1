import type { Locator, Page } from '@playwright/test';
import { format } from 'date-fns';
import { addMonths } from '../../src/shared/date-ranges.js';
import { formatDay, localDay } from '../../src/shared/dates.js';
import { AdminApi, submitInquiry } from '../support/browser/admin-api.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { dayButton } from '../support/browser/date-picker.js';
import { AdminPanels } from '../support/browser/pages/admin-panels.js';
import { InquiryForm } from '../support/browser/pages/inquiry-form.js';

// Every test here changes which nights are taken, so each has a server of its own: the worker's
// server is shared with the other specs, whose stays fall next month.

const DATES_UNAVAILABLE = 'Some of those nights are already booked. Please choose other dates.';

/** Day `day` of the month `monthsAhead` after this one, as `YYYY-MM-DD`. */
const dayOfMonth = (monthsAhead: number, day: number) =>
  `${addMonths(`${localDay(new Date()).slice(0, 8)}01`, monthsAhead).slice(0, 8)}${String(day).padStart(2, '0')}`;
// A day as the English page's date fields write it: "Jan 12, 2027".
const typed = (day: string) =>
  format(new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))), 'MMM d, yyyy');

/** A day of a calendar that only shows (the public one, the owner's months). */
const shownDay = (calendar: Locator, day: string) => calendar.locator(`[data-day="${day}"]:not([data-outside])`);

/** Opens `/`, scrolls to the contact section and waits for the public calendar (and so for the nights the date fields leave out). */
async function openContact(page: Page, url: string): Promise<Locator> {
  const inquiry = new InquiryForm(page);
  await inquiry.open(url);
  const calendar = page.getByTestId('availability-calendar');
  await expect(calendar).toBeVisible();
  await expect(inquiry.form).toBeVisible();
  return calendar;
}

test('the public calendar crosses out taken nights, with a legend, and browses the months', async ({
  page,
  startServer,
}) => {
  const server = await startServer();
  const admin = await AdminApi.login(server.url);
  await admin.addBlock(dayOfMonth(2, 12), dayOfMonth(2, 15), 'Airbnb guest');
  const calendar = await openContact(page, server.url);

  const legend = calendar.getByRole('list', { name: 'Legend' });
  await expect(legend.getByRole('listitem')).toContainText(['Free', 'Booked']);
  // Two months at a time: this one and the next; the block is the month after.
  await expect(calendar.getByRole('grid')).toHaveCount(2);
  await expect(shownDay(calendar, dayOfMonth(2, 12))).toHaveCount(0);
  await calendar.getByRole('button', { name: 'Next month' }).click();
  for (const day of [12, 13, 14])
    await expect(shownDay(calendar, dayOfMonth(2, day))).toHaveAttribute('aria-label', /, booked$/);
  // The arrival day's night before and the check-out day's night are free.
  for (const day of [11, 15])
    await expect(shownDay(calendar, dayOfMonth(2, day))).not.toHaveAttribute('aria-label', /booked/);
  await calendar.getByRole('button', { name: 'Previous month' }).click();
  await expect(shownDay(calendar, dayOfMonth(0, 1))).toBeVisible();
  // Nothing about the block but its nights reaches the page.
  await expect(page.getByText('Airbnb guest')).toHaveCount(0);
});

test('a taken night cannot be a check-in, no stay spans it, and a stay may end on its arrival day', async ({
  page,
  startServer,
}) => {
  const server = await startServer();
  const admin = await AdminApi.login(server.url);
  const day = (n: number) => dayOfMonth(2, n);
  await admin.addBlock(day(12), day(15));
  await openContact(page, server.url);
  const inquiry = new InquiryForm(page);

  let picker = await inquiry.openCalendar('Check-in', 2);
  for (const night of [12, 13, 14]) await expect(dayButton(picker, day(night))).toBeDisabled();
  await expect(dayButton(picker, day(15))).toBeEnabled();
  await dayButton(picker, day(9)).click();
  await expect(picker).toHaveCount(0);

  // The check-out calendar opens on the check-in's month.
  picker = await inquiry.openCalendar('Check-out');
  await expect(dayButton(picker, day(12))).toBeEnabled();
  for (const checkOut of [13, 15, 16, 20]) await expect(dayButton(picker, day(checkOut))).toBeDisabled();
  await dayButton(picker, day(12)).click();
  await expect(inquiry.field('Check-out', { exact: true })).toHaveValue(typed(day(12)));

  await inquiry.fill({ name: 'Turnover Guest', email: 'turnover@example.com' });
  await inquiry.send();
  await expect(inquiry.sent).toBeVisible();
  const stored = (await admin.inquiries()).find((i) => i.name === 'Turnover Guest');
  expect(stored).toMatchObject({ checkIn: day(9), checkOut: day(12) });
});

test('typed dates on or across a taken night are refused with the reason', async ({ page, startServer }) => {
  const server = await startServer();
  const admin = await AdminApi.login(server.url);
  const day = (n: number) => dayOfMonth(3, n);
  await admin.addBlock(day(12), day(15));
  await openContact(page, server.url);
  const inquiry = new InquiryForm(page);
  const checkIn = inquiry.field('Check-in', { exact: true });
  const checkOut = inquiry.field('Check-out', { exact: true });

  await checkIn.fill(typed(day(13)));
  await inquiry.field('Full Name').click();
  await expect(checkIn).toHaveAttribute('aria-invalid', 'true');
  await expect(inquiry.form.getByText(DATES_UNAVAILABLE)).toBeVisible();

  await checkIn.fill(typed(day(9)));
  await inquiry.field('Full Name').click();
  await expect(checkIn).toHaveAttribute('aria-invalid', 'false');
  await checkOut.fill(typed(day(16)));
  await inquiry.field('Full Name').click();
  await expect(checkOut).toHaveAttribute('aria-invalid', 'true');
  await expect(inquiry.form.getByText(DATES_UNAVAILABLE)).toBeVisible();

  // Check-out on the arrival day is fine.
  await checkOut.fill(typed(day(12)));
  await inquiry.field('Full Name').click();
  await expect(checkOut).toHaveAttribute('aria-invalid', 'false');
  await expect(inquiry.form.getByText(DATES_UNAVAILABLE)).toHaveCount(0);
});

test('nights taken after the page loaded: the server refuses, the page says why and keeps the input', async ({
  page,
  startServer,
}) => {
  const server = await startServer();
  const admin = await AdminApi.login(server.url);
  const day = (n: number) => dayOfMonth(3, n);
  await openContact(page, server.url);
  const inquiry = new InquiryForm(page);
  await inquiry.fill({ name: 'Late Guest', email: 'late@example.com' });
  await inquiry.field('Check-in', { exact: true }).fill(typed(day(3)));
  await inquiry.field('Check-out', { exact: true }).fill(typed(day(7)));
  await inquiry.field('Message').click();

  await admin.addBlock(day(5), day(6));
  await inquiry.send();
  await expect(inquiry.error).toHaveText(`There was an error sending your message: ${DATES_UNAVAILABLE}`);
  await expect(inquiry.field('Full Name')).toHaveValue('Late Guest');
  await expect(inquiry.field('Check-in', { exact: true })).toHaveValue(typed(day(3)));
  await expect(inquiry.field('Check-out', { exact: true })).toHaveValue(typed(day(7)));
  expect((await admin.inquiries()).filter((i) => i.name === 'Late Guest')).toEqual([]);
});

test('the owner blocks nights in the Calendar panel, the public calendar shows them within its cache time, and removes them', async ({
  page,
  browser,
  startServer,
}) => {
  const server = await startServer();
  const day = (n: number) => dayOfMonth(1, n);
  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  const panel = panels.calendar;
  await expect(panel.getByText('No blocked nights.')).toBeVisible();

  const add = panel.getByRole('form', { name: 'Add a block' });
  await add.getByLabel('Start').fill(day(20));
  await add.getByLabel('End').fill(day(23));
  await add.getByLabel('Note').fill('Painting the porch');
  await add.getByRole('button', { name: 'Add block' }).click();
  const block = panel.getByTestId('admin-block').filter({ hasText: 'Painting the porch' });
  await expect(block).toContainText(`${formatDay(day(20))} – ${formatDay(day(23))}`);
  // The owner's months show it at once.
  const ownerMonths = panel.getByTestId('availability-calendar');
  await expect(shownDay(ownerMonths, day(20))).toHaveAttribute('aria-label', /, booked$/);

  // A guest, in a browser of their own: the public answer may be a few seconds old.
  const guest = await browser.newPage();
  const calendar = await openContact(guest, server.url);
  await expect(async () => {
    await guest.reload();
    await guest.locator('#contact').scrollIntoViewIfNeeded();
    for (const night of [20, 21, 22])
      await expect(shownDay(calendar, day(night))).toHaveAttribute('aria-label', /, booked$/, { timeout: 2000 });
  }).toPass({ timeout: 45_000 });
  await expect(shownDay(calendar, day(23))).not.toHaveAttribute('aria-label', /booked/);
  await expect(guest.getByText('Painting the porch')).toHaveCount(0);
  await guest.close();

  await block.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Remove the block from');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(panel.getByText('No blocked nights.')).toBeVisible();
});

test('Confirm booking turns an inquiry with dates into a booking; one whose nights went meanwhile is refused with the reason', async ({
  page,
  startServer,
}) => {
  const server = await startServer();
  const day = (n: number) => dayOfMonth(2, n);
  await submitInquiry(server.url, {
    name: 'Rita Booking',
    email: 'rita@example.com',
    checkIn: day(5),
    checkOut: day(8),
  });
  await submitInquiry(server.url, { name: 'Rui Overlap', email: 'rui@example.com', checkIn: day(7), checkOut: day(9) });
  await submitInquiry(server.url, { name: 'Nuno Nodates', email: 'nuno@example.com' });

  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  await expect(panels.inquiry('Nuno Nodates')).toBeVisible();
  await expect(panels.inquiry('Nuno Nodates').getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);

  await panels.inquiry('Rita Booking').getByRole('button', { name: 'Confirm booking' }).click();
  await expect(panels.inquiry('Rita Booking').getByTestId('booking-state')).toHaveText('confirmed');
  await expect(panels.inquiry('Rita Booking').getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);
  const panel = panels.calendar;
  await expect(panel.getByTestId('admin-block').filter({ hasText: 'Booking' })).toContainText(
    `${formatDay(day(5))} – ${formatDay(day(8))}`,
  );

  await panels.inquiry('Rui Overlap').getByRole('button', { name: 'Confirm booking' }).click();
  await expect(panels.inquiry('Rui Overlap').getByTestId('confirm-error')).toHaveText(DATES_UNAVAILABLE);
  await expect(panels.inquiry('Rui Overlap').getByTestId('booking-state')).toHaveCount(0);
  await expect(panels.inquiry('Rui Overlap').getByRole('button', { name: 'Confirm booking' })).toBeVisible();
});
