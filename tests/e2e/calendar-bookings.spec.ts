import { AxeBuilder } from '@axe-core/playwright';
import { addDays } from '../../src/shared/date-ranges.js';
import { bookingContentDir } from '../support/server/booking-site.js';
import { AdminApi, submitBooking } from '../support/browser/admin-api.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { AdminPanels } from '../support/browser/pages/admin-panels.js';

// The owner's calendar shows a booking's nights as that booking, read-only and linked to its page:
// the three clicks that once freed the nights of a booking awaiting payment, and let a second
// guest book them, are no longer there (docs/decisions/0033-a-bookings-nights-are-its-own.md).

const today = () => new Date().toISOString().slice(0, 10);

test('a booking awaiting payment shows in the calendar as the booking, without Remove; its nights cannot be blocked or booked again', async ({
  page,
  startServer,
}) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  // Outside the summer's Saturday arrivals: the second half of October of next year.
  const checkIn = `${Number(today().slice(0, 4)) + 1}-10-12`;
  const checkOut = addDays(checkIn, 3);
  const guest = {
    checkIn,
    checkOut,
    guests: 2,
    name: 'Ana Silva',
    email: 'ana@example.com',
    country: 'DE',
    locale: 'en',
    paymentMethod: 'bank_transfer',
    acceptTerms: true,
  };
  const code = await submitBooking(server.url, guest);

  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  // The calendar opens on the month of the next stay, not on today's.
  await expect(panels.calendar.locator('.rdp-caption_label').first()).toHaveText(`October ${checkIn.slice(0, 4)}`);
  const item = panels.calendar.getByTestId('admin-block').filter({ hasText: code });
  await expect(item).toContainText('Booking');
  await expect(item).toContainText('Ana Silva');
  await expect(item).toContainText('awaiting payment');
  await expect(item.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(item).toContainText('Cancel or decline it from its page to free these nights.');

  // Blocking the same nights from the form is refused, in words that name the booking.
  const form = panels.calendar.getByRole('form', { name: 'Add a block' });
  await form.getByLabel('Start').fill(addDays(checkIn, 1));
  await form.getByLabel('End (check-out day)').fill(addDays(checkIn, 4));
  await form.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByText(`Booking ${code} holds some of these nights`)).toBeVisible();
  await expect(panels.calendar.getByTestId('admin-block')).toHaveCount(1);

  // The API refuses what the screen no longer offers, and a second guest cannot book the nights.
  const owner = await AdminApi.login(server.url);
  const [block] = await owner.blocks();
  await owner.deleteBlock(block!.id, 409);
  expect(await submitBooking(server.url, { ...guest, email: 'second@example.com' }, 409)).toBe('dates_unavailable');

  // The link opens the booking's own page, where its own end (a cancellation) is offered.
  await item.getByRole('link', { name: `${code} · Ana Silva` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${code}$`));
  await expect(page.getByRole('heading', { name: `Booking ${code}` })).toBeVisible();
  const booking = page.getByTestId('admin-booking');
  await expect(booking.getByTestId('admin-booking-status')).toHaveText('awaiting payment');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);

  await page.getByRole('link', { name: 'Back to the admin' }).click();
  await expect(panels.calendar.getByTestId('admin-block').filter({ hasText: code })).toBeVisible();
});
