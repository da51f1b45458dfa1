import { expect, type Page } from '@playwright/test';
import { TEST_ADMIN_PASSWORD } from './built-server.js';

async function submitPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Opens /login (on the page's baseURL, or on `url`) and logs in with the test password. */
export async function logIn(page: Page, url = ''): Promise<void> {
  await page.goto(`${url}/login`);
  await submitPassword(page, TEST_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
}

/** On /login: a wrong password shows "Incorrect password", then the right one opens /admin. */
export async function logInAfterAWrongPassword(page: Page): Promise<void> {
  await submitPassword(page, 'not the password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect password');
  await submitPassword(page, TEST_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
}
