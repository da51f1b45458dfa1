import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashToken, newBookingToken } from '../../src/server/stay-record/codes.js';
import { openDatabase } from '../../src/server/db/database.js';
import { insertInvitation } from '../../src/server/reviews/review-invitations-data.js';
import { logIn } from '../support/browser/admin-login.js';
import { expect, test } from '../support/browser/test-fixtures.js';

// A guest's invitation link opens the review form prefilled; the owner approves the review and
// replies; both languages' pages show the verified stay and the reply as written.

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-verified-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a verified review with the owner's reply, seen in English and in Portuguese", async ({
  page,
  browser,
  startServer,
}) => {
  const databaseUrl = `file:${join(dir, 'db.sqlite')}`;
  const server = await startServer({ env: { DATABASE_URL: databaseUrl } });
  // The invitation the day-after-check-out job would have made (a booking's job runs on the server's clock).
  const token = newBookingToken();
  const db = await openDatabase(databaseUrl);
  await insertInvitation(db, {
    tokenHash: hashToken(token),
    bookingId: 'e2e-booking',
    firstName: 'Inês',
    stayMonth: '2027-04',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    createdAt: new Date().toISOString(),
  });
  await db.destroy();

  await page.goto(`${server.url}/?review=${token}#reviews`);
  const form = page.getByRole('form', { name: 'Share Your Experience' });
  await expect(form.getByTestId('review-invited')).toHaveText(
    'Thank you for staying with us! Your review will show that you stayed in April 2027.',
  );
  await expect(form.getByLabel('Name')).toHaveValue('Inês');
  await form.getByLabel('Your review').fill('Swimming before breakfast, every day.');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your review!' })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/#reviews`);

  await logIn(page, server.url);
  const item = page.getByTestId('admin-review').filter({ hasText: 'Swimming before breakfast' });
  await expect(item).toContainText('Verified stay 2027-04');
  await item.getByRole('button', { name: 'Approve' }).click();
  await item.getByLabel('Your public reply').fill('Obrigado, Inês! Volte sempre.');
  await item.getByRole('button', { name: 'Publish reply' }).click();
  await expect(item.getByRole('button', { name: 'Remove reply' })).toBeVisible();

  for (const [path, verified, stayed, replyTitle] of [
    ['/', 'Verified stay', 'Stayed in April 2027', 'Reply from the owner'],
    ['/pt/', 'Estadia verificada', 'Esteve cá em abril de 2027', 'Resposta do proprietário'],
  ] as const) {
    // A visitor of their own: this page's browser keeps the public list it was shown before the approval (max-age 10 s).
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}${path}`);
    await visitor.locator('#reviews').scrollIntoViewIfNeeded();
    const card = visitor.getByTestId('review-card').filter({ hasText: 'Swimming before breakfast' });
    await expect(card.getByTestId('review-verified')).toContainText(verified);
    await expect(card.getByTestId('review-verified')).toContainText(stayed);
    await expect(card.getByTestId('review-reply')).toContainText(replyTitle);
    await expect(card.getByTestId('review-reply')).toContainText('Obrigado, Inês! Volte sempre.');
    await visitor.close();
  }

  // The link made one review: used again, the form says so and stays an ordinary one.
  await page.goto(`${server.url}/?review=${token}#reviews`);
  await expect(
    page.getByText('This review link has already been used or has expired. You can still write a review below.'),
  ).toBeVisible();
});
