import { addDays } from '../../src/shared/date-ranges.js';
import { openCalendar } from '../support/browser/date-picker.js';
import { BookingPanel } from '../support/browser/pages/booking-panel.js';
import { nuErrors } from '../support/browser/nu-checker.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { bookingContentDir } from '../support/server/booking-site.js';

// The W3C Nu checker finds no error in the pages as served, nor in the landing page's DOM with the
// booking panel's date picker and then the booking dialog open (the markup the islands write).

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

test('the landing page with the booking panel’s date picker and then the booking dialog open is valid HTML', async ({
  page,
  startServer,
}) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const panel = new BookingPanel(page);
  await panel.open(server.url);
  const calendar = await openCalendar(panel.panel, 'Check-in');
  await expect(calendar.getByRole('grid').first()).toBeVisible();
  const withPicker = await page.content();

  await page.keyboard.press('Escape');
  const today = new Date().toISOString().slice(0, 10);
  let checkIn = addDays(today, 60);
  while (new Date(`${checkIn}T12:00:00Z`).getUTCDay() !== 6) checkIn = addDays(checkIn, 1);
  await panel.pickStay({ checkIn, checkOut: addDays(checkIn, 7) }, today);
  await panel.reserve();
  expect(await nuErrors({ withPicker, withBookingForm: await page.content() })).toEqual({
    withPicker: [],
    withBookingForm: [],
  });
});
