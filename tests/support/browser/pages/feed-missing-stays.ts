import { expect, type Locator, type Page } from '@playwright/test';

/** The owner's words for a stay its platform's feed no longer lists (features/stays/feed-missing-actions.tsx). */
export const FEED_MISSING_TEXTS = {
  en: {
    stays: 'Stays',
    flag: 'Airbnb no longer lists this stay: cancelled?',
    keep: 'Keep the stay',
    cancel: 'Cancel the stay',
    back: 'Back',
    backToStays: 'Back to the stays',
    ask: (code: string) =>
      `Cancel stay ${code}? Its nights are freed and nothing is refunded here: Airbnb refunds its guest.`,
    kept: (code: string) => `Stay ${code} kept: its nights stay held.`,
    cancelled: (code: string) => `Stay ${code} cancelled: its nights are free.`,
    paid: 'Paid',
    cancelledStatus: 'Cancelled',
  },
} as const;
export type FeedMissingTexts = (typeof FEED_MISSING_TEXTS)['en'];

/** /admin/stays and a stay's page, where a stay its feed dropped is flagged with Keep and Cancel. */
export class FeedMissingStays {
  readonly items: Locator;

  constructor(
    readonly page: Page,
    readonly t: FeedMissingTexts,
  ) {
    this.items = page.getByTestId('stay-item');
  }

  async openList(url: string): Promise<void> {
    await this.page.goto(`${url}/admin/stays`);
    await expect(this.page.getByRole('heading', { name: this.t.stays, level: 2, exact: true })).toBeVisible();
  }

  /** The stay's row in the list. */
  item(code: string): Locator {
    return this.items.filter({ hasText: code });
  }

  /** The flag, with its two answers, inside `where` (a row of the list, or the stay's page). */
  flag(where: Locator): Locator {
    return where.getByTestId('feed-missing');
  }

  async keep(where: Locator): Promise<void> {
    await this.flag(where).getByRole('button', { name: this.t.keep }).click();
  }

  /** Cancel, then the dialog's question answered "Back" (nothing changes) or confirmed. */
  async cancel(where: Locator, code: string, answer: 'back' | 'confirm'): Promise<void> {
    await this.flag(where).getByRole('button', { name: this.t.cancel }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText(this.t.ask(code));
    if (answer === 'back') await dialog.getByRole('button', { name: this.t.back, exact: true }).click();
    else await dialog.getByRole('button', { name: this.t.cancel }).click();
    await expect(dialog).toHaveCount(0);
  }

  /** The toast that says what was done. */
  said(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}
