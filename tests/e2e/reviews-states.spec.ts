import { seedApprovedReviews } from '../support/browser/admin-api.js';
import { holdRequests } from '../support/browser/hold-requests.js';
import { expect, test } from '../support/browser/test-fixtures.js';

test('shows a skeleton card while loading, then "No reviews found." when there are none', async ({
  page,
  startServer,
}) => {
  // Its own server, so the list is known to be empty.
  const server = await startServer();
  // Hold the real response back so the loading state can be seen.
  const held = await holdRequests(page, '**/api/reviews?*');
  await page.goto(server.url);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('review-skeleton')).toBeVisible();
  held.release();
  await expect(page.getByText('No reviews found.')).toBeVisible();
  await expect(page.getByTestId('review-skeleton')).toHaveCount(0);
});

test('a failed load shows the error toast and a way to try again', async ({ page, startServer }) => {
  // Its own server with one approved review, so what the second try must show is known.
  const server = await startServer();
  await seedApprovedReviews(server.url, [{ clientName: 'Retried Guest', rating: 5, comment: 'Worth the second try.' }]);
  // The first load fails and every later one reaches the server. The route stays in place: a CI run
  // that removed it once found no card after the retry, and a handler kept cannot race its removal.
  let refused = 0;
  await page.route('**/api/reviews?*', (route) =>
    refused++ === 0 ? route.abort('connectionrefused') : route.continue(),
  );
  await page.goto(server.url);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page.getByRole('alert').filter({ hasText: 'Error loading reviews.' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('review-card')).toHaveCount(1);
  await expect(page.getByTestId('review-card')).toContainText('Retried Guest');
});

test('a failed submission shows "Error submitting your review." and keeps what was typed', async ({ page }) => {
  await page.goto('/');
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await page.route('**/api/reviews', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  const form = page.getByRole('form', { name: 'Share Your Experience' });
  await form.getByLabel('Name').fill('Rui');
  await form.getByLabel('Your review').fill('Quiet and beautiful.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error submitting your review.' })).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Rui');
});

test('the form checks with the shared schema before sending: a blank name never leaves the page', async ({ page }) => {
  await page.goto('/');
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/reviews')) posted = true;
  });
  const form = page.getByRole('form', { name: 'Share Your Experience' });
  await form.getByLabel('Name').fill('   ');
  await form.getByLabel('Your review').fill('Lovely');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Enter your name');
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);
  // The rating offers 5 down to 1, labelled as the spec says, 5 by default.
  await expect(form.getByLabel('Rating').locator('option')).toHaveText([
    '5 stars',
    '4 stars',
    '3 stars',
    '2 stars',
    '1 star',
  ]);
  await expect(form.getByLabel('Rating')).toHaveValue('5');
});

test('toasts close by themselves after 3 s, or at once with ×', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Share Your Experience' });
  await expect(form).toBeVisible();
  // From here the page's clock moves only with runFor: a busy machine's own seconds must not count.
  // It cannot pause in its past, and real time runs on between reading the clock and pausing it,
  // so a busy machine gets a later moment to pause at.
  for (let margin = 1_000; ; margin *= 4) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + margin);
      break;
    } catch (error) {
      if (margin >= 64_000 || !String(error).includes('to the past')) throw error;
    }
  }
  // A failed send's toast: the review is kept in the form, so it can be sent again.
  await page.route('**/api/reviews', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  const send = async (name: string) => {
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Your review').fill('Wonderful.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
  };
  const toast = page.getByRole('alert').filter({ hasText: 'Error submitting your review.' });
  await send('Toast one');
  await expect(toast).toBeVisible();
  await page.clock.runFor(2900);
  await expect(toast).toBeVisible();
  await page.clock.runFor(200);
  await expect(toast).toHaveCount(0);

  await send('Toast two');
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toHaveCount(0);
});
