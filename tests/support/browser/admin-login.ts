import { expect, type Page } from '@playwright/test';
import { TEST_ADMIN_PASSWORD } from './built-server.js';

// A server started with ADMIN_PASSWORD hashes it at the first login and then checks it: two scrypt runs (N=2^17, at most
// two at once per process), which on a busy 2-core machine can outlast the default 10 s.
export const LOGIN_TIMEOUT_MS = 30_000;

/** /login speaks the browser's language (Portuguese for a `pt` browser), as the admin does. */
const LOGIN_TEXTS = {
  en: { password: 'Password', logIn: 'Log In', incorrect: 'Incorrect password' },
  pt: { password: 'Palavra-passe', logIn: 'Entrar', incorrect: 'Palavra-passe incorreta' },
} as const;

const loginTexts = async (page: Page) =>
  (await page.evaluate(() => navigator.language)).startsWith('pt') ? LOGIN_TEXTS.pt : LOGIN_TEXTS.en;

async function submitPassword(page: Page, password: string): Promise<void> {
  const t = await loginTexts(page);
  await page.getByLabel(t.password).fill(password);
  await page.getByRole('button', { name: t.logIn }).click();
}

/** Opens /login (on the page's baseURL, or on `url`) and logs in with the test password. */
export async function logIn(page: Page, url = ''): Promise<void> {
  await page.goto(`${url}/login`);
  await submitPassword(page, TEST_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
  await expectAdminHeader(page);
}

/** The admin's header is drawn, in whichever language the owner chose (docs/decisions/0046-admin-language.md). */
async function expectAdminHeader(page: Page): Promise<void> {
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toBeVisible();
}

/** On /login: a wrong password shows "Incorrect password", then the right one opens /admin. */
export async function logInAfterAWrongPassword(page: Page): Promise<void> {
  await submitPassword(page, 'not the password');
  await expect(page.getByRole('alert')).toHaveText((await loginTexts(page)).incorrect, { timeout: LOGIN_TIMEOUT_MS });
  await submitPassword(page, TEST_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
  await expectAdminHeader(page);
}
