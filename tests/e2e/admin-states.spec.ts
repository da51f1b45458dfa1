import { submitReview, uniqueName } from '../support/browser/admin-api.js';
import { holdRequests } from '../support/browser/hold-requests.js';
import { AdminPanels } from '../support/browser/pages/admin-panels.js';
import { expect, test } from '../support/browser/test-fixtures.js';

test('a failed load shows the error toast and a Retry button instead of an endless "Loading reviews..."', async ({
  page,
  server,
}) => {
  // A pending review of this test's own, so what Retry must bring back is known.
  const name = uniqueName('Pending');
  await submitReview(server.url, { clientName: name, rating: 5, comment: 'Waiting for the owner.' });
  const panels = new AdminPanels(page);
  await panels.logIn();
  await page.route('**/api/admin/reviews?*', (route) => route.abort('connectionrefused'));
  await panels.filterReviews('Pending');
  await expect(page.getByRole('alert').filter({ hasText: 'Error loading reviews.' })).toBeVisible();
  await expect(page.getByText('Loading reviews...')).toHaveCount(0);
  await page.unroute('**/api/admin/reviews?*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(panels.review(name)).toBeVisible();
  await expect(page.getByText('Error loading reviews.')).toHaveCount(0);
});

test('shows "Loading reviews..." while loading and "No reviews found for this filter." when empty', async ({
  page,
  startServer,
}) => {
  // Its own server, so the list is known to be empty.
  const server = await startServer();
  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  const held = await holdRequests(page, '**/api/admin/reviews?status=approved');
  await panels.filterReviews('Approved');
  await expect(page.getByText('Loading reviews...')).toBeVisible();
  held.release();
  await expect(page.getByText('No reviews found for this filter.')).toBeVisible();
});

test('an expired session sends the administrator back to /login and clears the flag', async ({ page, context }) => {
  const panels = new AdminPanels(page);
  await panels.logIn();
  await context.clearCookies();
  await panels.filterReviews('Pending');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).toBeNull();
});

test('reviews and inquiries show their dates in one format, en-US: "Nov 23, 2026", with the time where it matters', async ({
  page,
}) => {
  const inTwoMonths = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 5))
    .toISOString()
    .slice(0, 10);
  const name = `Dated ${Math.random().toString(36).slice(2, 8)}`;
  expect(
    (
      await page.request.post('/api/reviews', { data: { clientName: name, rating: 4, comment: 'Dates please.' } })
    ).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post('/api/inquiries', { data: { name, email: 'dated@example.com', checkIn: inTwoMonths } })
    ).status(),
  ).toBe(202);
  const panels = new AdminPanels(page);
  await panels.logIn();
  const day = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
  const review = panels.review(name);
  await expect(review.locator('time')).toHaveText(day);
  const inquiry = panels.inquiry(name);
  await expect(inquiry.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
  const [year, month] = inTwoMonths.split('-');
  const monthName = new Date(Date.UTC(Number(year), Number(month) - 1, 5)).toLocaleString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  await expect(inquiry.locator('dd').nth(3)).toHaveText(`${monthName} 5, ${year}`);
});

test('a long list shows its first 50 and the rest on "Show more", without repeats', async ({ page, startServer }) => {
  // Its own server, so the list holds exactly these.
  const server = await startServer();
  const names = Array.from({ length: 57 }, (_, i) => `Paged ${String(i).padStart(2, '0')}`);
  for (const name of names) await submitReview(server.url, { clientName: name, rating: 5, comment: 'One of many.' });
  const panels = new AdminPanels(page);
  await panels.logIn(server.url);
  const reviews = panels.reviewItems;
  await expect(reviews).toHaveCount(50);
  await expect(reviews.first()).toContainText('Paged 56');
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(reviews).toHaveCount(57);
  await expect(reviews.last()).toContainText('Paged 00');
  const texts = await reviews.allTextContents();
  expect(new Set(texts.map((t) => /Paged \d\d/.exec(t)?.[0])).size).toBe(57);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});

test('the login page says the server cannot be reached when the request fails or times out, not "Incorrect password"', async ({
  page,
}) => {
  const unreachable = 'The server cannot be reached. Check your connection and try again.';
  // The connection refused.
  await page.route('**/api/admin/login', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  await page.getByLabel('Password').fill('not-checked');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText(unreachable);

  // No answer at all: held until the page gives up after 20 s on its clock.
  await page.unroute('**/api/admin/login');
  const held: Array<() => void> = [];
  await page.route('**/api/admin/login', (route) =>
    new Promise<void>((resolve) => held.push(resolve)).then(() => route.abort()),
  );
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('Password').fill('not-checked');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect.poll(() => held.length).toBe(1);
  await page.clock.runFor(19_000);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.clock.runFor(1_500);
  await expect(page.getByRole('alert')).toHaveText(unreachable);
  held.forEach((release) => release());
});
