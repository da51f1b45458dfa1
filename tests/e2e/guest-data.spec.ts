import { readFileSync } from 'node:fs';
import { addDays } from '../../src/shared/date-ranges.js';
import {
  AdminApi,
  bookByTransfer,
  submitBooking,
  submitInquiry,
  submitReview,
  uniqueName,
} from '../support/browser/admin-api.js';
import { bookingContentDir } from '../support/server/booking-site.js';
import { AdminPanels } from '../support/browser/pages/admin-panels.js';
import { expect, test } from '../support/browser/test-fixtures.js';

test('the owner finds a guest’s data, downloads it as one JSON file and erases it after confirming', async ({
  page,
  startServer,
}) => {
  // Its own server, so the audit list starts empty.
  const server = await startServer();
  const name = uniqueName('Guest');
  const email = `${name.split(' ')[1]}@example.com`;
  await submitInquiry(server.url, { name, email, message: 'First question' });
  await submitInquiry(server.url, { name, email, message: 'Second question' });
  await submitReview(server.url, { clientName: name, rating: 5, comment: 'A calm week.' });
  const panels = new AdminPanels(page);
  await panels.logIn(server.url);

  const panel = panels.guestData;
  await expect(panel.getByText('Nothing downloaded or erased yet.')).toBeVisible();
  await panel.getByLabel('Search by').selectOption('name');
  await panel.getByLabel('Name, or a part of it').fill(name);
  await panel.getByRole('button', { name: 'Search' }).click();
  const results = panel.getByTestId('guest-data-results');
  // Counted with English's plural rules: one review, two inquiries.
  await expect(results).toContainText('Found 2 inquiries, 1 review and 0 calendar notes.');
  await expect(results.getByRole('list', { name: 'Inquiries found' }).getByRole('listitem')).toHaveCount(2);
  await expect(results.getByRole('list', { name: 'Reviews found' })).toContainText('A calm week.'.slice(0, 12));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('guest-data.json');
  const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    inquiries: { message: string; email: string }[];
    reviews: { clientName: string }[];
  };
  expect(saved.inquiries.map((i) => i.message).sort()).toEqual(['First question', 'Second question']);
  expect(saved.inquiries.every((i) => i.email === email)).toBe(true);
  expect(saved.reviews.map((r) => r.clientName)).toEqual([name]);
  const downloaded = panel
    .getByRole('listitem')
    .filter({ hasText: 'Downloaded 2 inquiries, 1 review, 0 calendar notes' });
  await expect(downloaded).toBeVisible();
  // When, as every admin date reads: en-US, at the house (Europe/Lisbon), not UTC.
  const houseNow = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'Europe/Lisbon',
  }).format(new Date());
  await expect(downloaded).toHaveText(new RegExp(`^${houseNow}, \\d{2}:\\d{2} · Downloaded`));

  await results.getByRole('button', { name: 'Erase' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Erase 2 inquiries and 1 review, and clear 0 calendar notes, for good?');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(results).toContainText('Found 0 inquiries, 0 reviews and 0 calendar notes.');
  await expect(panel.getByRole('listitem').filter({ hasText: 'Erased 2 inquiries, 1 review,' })).toBeVisible();
  // Gone from the other panels too: loaded, and empty.
  await page.reload();
  await expect(page.getByText('No inquiries yet.')).toBeVisible();
  await expect(page.getByText('No reviews found for this filter.')).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});

test('a search that finds only a booking offers its download, and no Erase, which would keep it anyway', async ({
  page,
  startServer,
}) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const email = `${uniqueName('only').split(' ')[1]}@example.com`;
  const checkIn = `${new Date().getUTCFullYear() + 1}-10-12`;
  const code = await submitBooking(server.url, {
    checkIn,
    checkOut: addDays(checkIn, 3),
    guests: 2,
    name: 'Only Booking',
    email,
    country: 'DE',
    locale: 'en',
    paymentMethod: 'bank_transfer',
    acceptTerms: true,
  });
  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  const panel = panels.guestData;
  await panel.getByLabel('Search by').selectOption('email');
  await panel.getByLabel('E-mail address').fill(email);
  await panel.getByRole('button', { name: 'Search' }).click();
  const results = panel.getByTestId('guest-data-results');
  await expect(results).toContainText('Found 1 booking, 0 inquiries, 0 reviews and 0 calendar notes.');
  await expect(results.getByRole('list', { name: 'Bookings found' })).toContainText(`${code} · Only Booking`);
  await expect(results.getByRole('list', { name: 'Bookings found' })).toContainText('awaiting payment');
  await expect(results.getByRole('button', { name: 'Erase' })).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: 'Download' }).click(),
  ]);
  const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { bookings: { code: string }[] };
  expect(saved.bookings.map((b) => b.code)).toEqual([code]);
});

test('the IBAN a guest gave for a refund is in the download, and Erase deletes it while the booking stays', async ({
  page,
  startServer,
}) => {
  const server = await startServer({ env: { CONTENT_DIR: bookingContentDir() } });
  const booking = await bookByTransfer(server.url, 90);
  const admin = await AdminApi.login(server.url);
  await admin.markPaid(booking.code, booking.dueNowCents);
  const cancelled = await fetch(`${booking.api.replace('?', '/cancel?')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refundIban: 'DE89 3704 0044 0532 0130 00' }),
  });
  expect(cancelled.status).toBe(200);

  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  const panel = panels.guestData;
  const search = async () => {
    await panel.getByLabel('Search by').selectOption('email');
    await panel.getByLabel('E-mail address').fill('ana@example.com');
    await panel.getByRole('button', { name: 'Search' }).click();
  };
  await search();
  const results = panel.getByTestId('guest-data-results');
  const note = 'The IBANs this guest gave for refunds are in the download. Erasing deletes them.';
  await expect(results).toContainText(note);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: 'Download' }).click(),
  ]);
  const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    refundAccounts: { bookingCode: string; iban: string }[];
  };
  expect(saved.refundAccounts).toEqual([{ bookingCode: booking.code, iban: 'DE89 3704 0044 0532 0130 00' }]);

  await results.getByRole('button', { name: 'Erase' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('Erased.').first()).toBeVisible();
  await expect(results).not.toContainText(note);
  // The booking stays, the record of its payment; its Erase is gone with the IBAN.
  await expect(results.getByRole('list', { name: 'Bookings found' })).toContainText(booking.code);
  await expect(results.getByRole('button', { name: 'Erase' })).toHaveCount(0);
});
