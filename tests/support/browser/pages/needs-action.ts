import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../admin-login.js';

export type NeedsActionGroup = 'bookings' | 'money' | 'refunds' | 'bulletins' | 'inquiries' | 'mails' | 'documents';

const HEADINGS: Record<NeedsActionGroup, string> = {
  bookings: 'Bookings awaiting your answer or payment',
  money: 'Overdue balances and disputes',
  refunds: 'Refunds to send or that failed',
  bulletins: 'SIBA bulletins due',
  inquiries: 'Inquiries unanswered',
  mails: 'Failed mails',
  documents: 'Documents waiting over a day',
};

/** The admin's home, /admin, read from its first panel: "Needs action", its groups and the inquiries below. */
export class NeedsActionPage {
  readonly panel: Locator;
  readonly total: Locator;
  readonly mailOff: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Needs action' });
    this.total = page.getByTestId('needs-action-total');
    this.mailOff = page.getByTestId('mail-off');
  }

  /** Logs in (on the test's server, or at `url`) and waits for the home's groups. */
  async logIn(url = ''): Promise<void> {
    await logIn(this.page, url);
    await expect(this.group('bookings')).toBeVisible();
  }

  group(name: NeedsActionGroup): Locator {
    return this.panel.getByRole('region', { name: HEADINGS[name], exact: true });
  }

  /** The group's count in words, such as "2 inquiries". */
  count(name: NeedsActionGroup): Locator {
    return this.group(name).getByTestId('count');
  }

  /** The group's item whose link or text names `text`. */
  item(name: NeedsActionGroup, text: string): Locator {
    return this.group(name).getByRole('listitem').filter({ hasText: text });
  }

  /** Follows the item's link. */
  async open(name: NeedsActionGroup, text: string): Promise<void> {
    await this.item(name, text).getByRole('link').click();
  }

  /** The inquiry in the inquiries panel further down the page. */
  inquiry(name: string): Locator {
    return this.page.getByTestId('admin-inquiry').filter({ hasText: name });
  }

  async markHandled(name: string): Promise<void> {
    await this.inquiry(name).getByRole('button', { name: 'Mark handled' }).click();
  }
}
