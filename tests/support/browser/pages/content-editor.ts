import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../admin-login.js';
import { languageNameIn } from '../../../../src/shared/locales.js';

/** /admin/content: the owner's editor of texts and prices, its draft, publish and history. */
export class ContentEditor {
  readonly form: Locator;
  readonly status: Locator;
  readonly versions: Locator;
  readonly changes: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Site content' });
    this.status = page.getByTestId('content-status');
    this.versions = page.getByTestId('content-versions');
    this.changes = page.getByTestId('content-changes');
    this.alert = this.form.getByRole('alert');
  }

  /** Logs in (on the page's baseURL, or at `url`) and opens the editor from the admin's link. */
  async open(url = ''): Promise<void> {
    await logIn(this.page, url);
    await this.page.getByRole('link', { name: 'Site content', exact: true }).click();
    await expect(this.page).toHaveURL(/\/admin\/content$/);
    await expect(this.status).toContainText('Live: version');
  }

  /** The box of one language of a text, by its label (`Headline`) and locale, which the label names in words. */
  text(label: string, locale: string): Locator {
    return this.form.getByLabel(new RegExp(`^${label} \\(${languageNameIn(locale, 'en')}(, optional)?\\)$`));
  }

  season(index: number): Locator {
    return this.form.getByRole('group', { name: `Season ${index}` });
  }

  /** An item of one of the editor's lists, by its legend: `Amenity 2`, `Cancellation tier 4`. */
  item(name: string): Locator {
    return this.form.getByRole('group', { name, exact: true });
  }

  /** A section of the editor, by its heading (`Booking and payment`). */
  section(name: string): Locator {
    return this.form.getByRole('region', { name });
  }

  async saveDraft(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save draft' }).click();
  }

  async publish(): Promise<void> {
    await this.form.getByRole('button', { name: 'Publish' }).click();
  }
}
