import { expect, test } from './fixtures.js';
import type { Page } from '@playwright/test';
import { E2E_PASSWORD, startServer } from './server.js';

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
}

test('a failed load shows the error toast and a Retry button instead of an endless "Loading reviews..."', async ({ page }) => {
  await logIn(page);
  await page.route('**/api/admin/reviews?*', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error loading reviews.' })).toBeVisible();
  await expect(page.getByText('Loading reviews...')).toHaveCount(0);
  await page.unroute('**/api/admin/reviews?*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No reviews found for this filter.').or(page.getByTestId('admin-review').first())).toBeVisible();
});

test('shows "Loading reviews..." while loading and "No reviews found for this filter." when empty', async ({ browser }) => {
  // Its own server, so the list is known to be empty.
  const server = await startServer();
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await logIn(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/reviews?status=approved', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Approved', exact: true }).click();
    await expect(page.getByText('Loading reviews...')).toBeVisible();
    release();
    await expect(page.getByText('No reviews found for this filter.')).toBeVisible();
  } finally {
    await context.close();
    await server.stop();
  }
});

test('an expired session sends the administrator back to /login and clears the flag', async ({ page, context }) => {
  await logIn(page);
  await context.clearCookies();
  await page.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).toBeNull();
});
