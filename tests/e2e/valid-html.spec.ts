import { addDays } from '../../src/shared/date-ranges.js';
import { openCalendar, pickStay } from '../support/browser/date-picker.js';
import { nuErrors } from '../support/browser/nu-checker.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// The W3C Nu checker finds no error in the pages as served, nor in the landing page's DOM with the
// booking form and its date picker open (the markup the islands write).

const PAGES = ['/', '/pt/', '/privacy', '/pt/privacy', '/login'];

test('the pages as served are valid HTML', async ({ request, server }) => {
  const served: Record<string, string> = {};
  for (const path of PAGES) {
    const response = await request.get(`${server.url}${path}`);
    expect(response.status(), path).toBe(200);
    served[path] = await response.text();
  }
  expect(await nuErrors(served)).toEqual(Object.fromEntries(PAGES.map((path) => [path, []])));
});

test('the landing page with the date picker and then the booking form open is valid HTML', async ({
  page,
  startServer,
}) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  await page.goto(server.url);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Booking inquiry' });
  await expect(form).toBeVisible();
  await form.getByLabel('Guests').fill('2');
  const calendar = await openCalendar(form, 'Check-in');
  await expect(calendar.getByRole('grid').first()).toBeVisible();
  const withPicker = await page.content();

  await page.keyboard.press('Escape');
  const today = new Date().toISOString().slice(0, 10);
  let checkIn = addDays(today, 60);
  while (new Date(`${checkIn}T12:00:00Z`).getUTCDay() !== 6) checkIn = addDays(checkIn, 1);
  await pickStay(form, { checkIn, checkOut: addDays(checkIn, 7), today });
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByTestId('booking-form').getByLabel('Full Name')).toBeVisible();
  expect(await nuErrors({ withPicker, withBookingForm: await page.content() })).toEqual({
    withPicker: [],
    withBookingForm: [],
  });
});
