import { formatDayIn, houseToday } from '../../src/shared/dates.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { seedApprovedReviews, uniqueName } from '../support/browser/admin-api.js';
import { logInAfterAWrongPassword } from '../support/browser/admin-login.js';

/** A review's day on the English page: the site's long English form, of the day at the house ("23 November 2026"). */
const reviewDay = (now: number) => formatDayIn(houseToday(now), 'en');

test.describe.configure({ mode: 'serial' });

test('a review goes from the visitor to the public carousel through moderation', async ({ page, browser, server }) => {
  const name = uniqueName('Marta');
  // An approved review of this test's own: the public list, once loaded, is known to show it.
  const published = uniqueName('Published');
  await seedApprovedReviews(server.url, [{ clientName: published, rating: 5, comment: 'Already approved.' }]);
  const longComment = `${'We loved the mornings on the water and the quiet evenings on the deck. '.repeat(4)}The end.`;
  expect(longComment.length).toBeGreaterThan(200);

  // A visitor submits a review and is thanked.
  await page.goto('/');
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Share Your Experience' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Rating').selectOption({ label: '4 stars' });
  await form.getByLabel('Your review').fill(longComment);
  await form.getByRole('button', { name: 'Submit Review' }).click();
  const thanks = page.getByRole('heading', { name: 'Thank you for your review!' });
  await expect(thanks).toBeFocused();
  await expect(page.getByTestId('review-sent')).toContainText('It will be read before it is published.');
  // Another review starts from an empty form.
  await page.getByRole('button', { name: 'Write another review' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Rating')).toHaveValue('5');

  // It is not public yet.
  const visitor = await browser.newContext({ baseURL: server.url });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/');
  await visitorPage.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(visitorPage.getByRole('heading', { name: 'Guest Reviews' })).toBeVisible();
  await expect(visitorPage.getByTestId('review-card').filter({ hasText: published })).toBeVisible();
  await expect(visitorPage.getByText(name)).toHaveCount(0);

  // /admin without a session lands on /login.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Administrative Access' })).toBeVisible();

  // Setting the isAdmin flag by hand grants nothing: no admin data, back to /login, flag cleared.
  await page.evaluate(() => localStorage.setItem('isAdmin', 'true'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(name)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).toBeNull();

  // A wrong password, then the right one.
  await logInAfterAWrongPassword(page);
  await expect(page.getByRole('heading', { name: 'Manage Reviews' })).toBeVisible();

  // Pending shows it, with its day as every admin date reads ("Nov 23, 2026", at the house) and an Approve button.
  await page.getByRole('button', { name: 'Pending', exact: true }).click();
  const row = page.getByTestId('admin-review').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.locator('time')).toHaveText(
    new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Europe/Lisbon',
    }).format(new Date()),
  );
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Review approved successfully!' })).toBeVisible();
  // The list reloads: an approved review leaves the Pending filter.
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Approved', exact: true }).click();
  const approvedRow = page.getByTestId('admin-review').filter({ hasText: name });
  await expect(approvedRow).toBeVisible();
  await expect(approvedRow.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The public carousel shows it with its date in English, cut at 200 characters with Read more.
  // (A new visitor: the first one's browser may keep the public list for its short max-age.)
  await visitor.close();
  const nextVisitor = await browser.newContext({ baseURL: server.url });
  const visitorPage2 = await nextVisitor.newPage();
  await visitorPage2.goto('/');
  await visitorPage2.locator('#reviews').scrollIntoViewIfNeeded();
  const card = visitorPage2.getByTestId('review-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.locator('time')).toHaveText(reviewDay(Date.now()));
  await expect(card.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(card.getByText(`“${longComment.slice(0, 200)}...”`)).toBeVisible();
  await card.getByRole('button', { name: 'Read more' }).click();
  await expect(card.getByText(`“${longComment}”`)).toBeVisible();
  await card.getByRole('button', { name: 'Show less' }).click();
  await expect(card.getByText(`“${longComment.slice(0, 200)}...”`)).toBeVisible();
  await nextVisitor.close();

  // Delete asks first; cancelling keeps it, confirming removes it.
  await page.getByRole('button', { name: 'All', exact: true }).click();
  const allRow = page.getByTestId('admin-review').filter({ hasText: name });
  await allRow.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this review?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(allRow).toBeVisible();
  await allRow.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Review deleted successfully!' })).toBeVisible();
  await expect(allRow).toHaveCount(0);

  // Log out ends the session on the server: the old cookie is refused afterwards.
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'estadia_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Strict');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).toBeNull();
  const replay = await page.request.get('/api/admin/reviews', {
    headers: { cookie: `estadia_session=${session?.value}` },
  });
  expect(replay.status()).toBe(401);
});

test('any other path redirects to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Guest Reviews' })).toBeVisible();
});
