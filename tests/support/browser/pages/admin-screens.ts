import { expect, type Locator, type Page } from '@playwright/test';

/** The admin's languages as the switch names them, each in itself. */
export type AdminLanguageName = 'English' | 'Português';

/**
 * Any admin screen, through the one header every screen shares: its title, the language switch
 * (English / Português) and the ways to the other screens (docs/decisions/0046-admin-language.md).
 */
export class AdminScreens {
  readonly header: Locator;
  readonly title: Locator;

  constructor(
    readonly page: Page,
    readonly url = '',
  ) {
    this.header = page.getByRole('banner');
    this.title = this.header.getByRole('heading', { level: 1 });
  }

  /** Opens `path` (such as `/admin/stays`) and waits for its header. */
  async open(path: string): Promise<void> {
    await this.page.goto(`${this.url}${path}`);
    await expect(this.title).toBeVisible();
  }

  /** The switch's button for a language. */
  language(name: AdminLanguageName): Locator {
    return this.header.getByRole('button', { name, exact: true });
  }

  /** Switches the admin's language and waits until the switch says it is on. */
  async switchTo(name: AdminLanguageName): Promise<void> {
    await this.language(name).click();
    await expect(this.language(name)).toHaveAttribute('aria-pressed', 'true');
  }

  /** The screen's heading (below the header) named `name`. */
  heading(name: string | RegExp): Locator {
    return this.page.getByRole('main').getByRole('heading', { name, exact: typeof name === 'string' });
  }

  /** `<html lang>`: the language the screen says it is in. */
  htmlLang(): Locator {
    return this.page.locator('html');
  }
}
