import { expect, type Locator, type Page } from '@playwright/test';
import { LOGIN_TIMEOUT_MS } from '../admin-login.js';

/** The texts the owner's tools show, in one language: what the test finds them by. */
export interface OwnerToolsTexts {
  loginHeading: string;
  password: string;
  logIn: string;
  incorrectPassword: string;
  calendar: string;
  guestData: string;
  twoFactor: string;
  audit: string;
  searchBy: string;
  email: string;
  search: string;
  download: string;
  setUpApp: string;
  key: string;
  appCode: string;
  confirm: string;
  recoveryCodes: string;
  codesSaved: string;
  done: string;
}

/**
 * The login page and the owner's tools on /admin (calendar, guest data, second factor, audit list),
 * found by their names in the language the test reads them in.
 */
export class OwnerTools {
  readonly calendar: Locator;
  readonly guestData: Locator;
  readonly twoFactor: Locator;
  readonly audit: Locator;

  constructor(
    readonly page: Page,
    readonly t: OwnerToolsTexts,
  ) {
    this.calendar = page.getByRole('region', { name: t.calendar, exact: true });
    this.guestData = page.getByRole('region', { name: t.guestData, exact: true });
    this.twoFactor = page.getByTestId('two-factor-panel');
    this.audit = page.getByTestId('audit-panel');
  }

  /** Opens /login and waits until its form runs and speaks the language the test reads. */
  async openLogin(url: string): Promise<void> {
    await this.page.goto(`${url}/login`);
    await expect(this.page.locator('[data-island="login"]')).toHaveAttribute('data-hydrated');
    await expect(this.page.getByRole('heading', { name: this.t.loginHeading, level: 1 })).toBeVisible();
  }

  async submitPassword(password: string): Promise<void> {
    await this.page.getByLabel(this.t.password).fill(password);
    await this.page.getByRole('button', { name: this.t.logIn }).click();
  }

  /** A wrong password is refused in the page's words; the right one opens /admin. */
  async logIn(password: string): Promise<void> {
    await this.submitPassword('not the password');
    await expect(this.page.getByRole('alert')).toHaveText(this.t.incorrectPassword, { timeout: LOGIN_TIMEOUT_MS });
    await this.submitPassword(password);
    await expect(this.page).toHaveURL(/\/admin$/, { timeout: LOGIN_TIMEOUT_MS });
    await expect(this.calendar).toBeVisible();
  }

  /** The calendar's line of the booking with this code. */
  calendarBooking(code: string): Locator {
    return this.calendar.getByTestId('admin-block').filter({ hasText: code });
  }

  /** Searches guest data by e-mail; resolves to the results. */
  async searchGuest(email: string): Promise<Locator> {
    await this.guestData.getByLabel(this.t.searchBy).selectOption('email');
    await this.guestData.getByLabel(this.t.email).fill(email);
    await this.guestData.getByRole('button', { name: this.t.search, exact: true }).click();
    return this.guestData.getByTestId('guest-data-results');
  }

  /** Sets up the authenticator app with a code `codeFor` makes from the key shown. */
  async setUpApp(codeFor: (secret: string) => Promise<string>): Promise<Locator> {
    await this.twoFactor.getByRole('button', { name: this.t.setUpApp }).click();
    const form = this.twoFactor.getByRole('form', { name: this.t.setUpApp });
    const secret = await form.getByLabel(this.t.key, { exact: true }).inputValue();
    await form.getByLabel(this.t.appCode).fill(await codeFor(secret));
    await form.getByRole('button', { name: this.t.confirm }).click();
    return this.twoFactor.getByTestId('recovery-codes');
  }

  /** Ticks "saved" under the recovery codes and closes them. */
  async saveRecoveryCodes(): Promise<void> {
    await expect(this.page.getByRole('list', { name: this.t.recoveryCodes }).getByRole('listitem')).toHaveCount(10);
    await this.page.getByLabel(this.t.codesSaved).check();
    await this.page.getByRole('button', { name: this.t.done }).click();
  }
}
