import { expect, type Page } from '@playwright/test';
import { E2E_PASSWORD } from './server.js';

/** On /login: a wrong password shows the spec's error, then the right one opens /admin. */
export async function logInAfterAWrongPassword(page: Page): Promise<void> {
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
}
