import type { Locator, Page } from '@playwright/test';
import { logIn } from '../admin-login.js';

type ReviewFilter = 'Pending' | 'Approved' | 'All';

/**
 * /admin, where every panel is on the one page: bookings, reviews, inquiries, calendar and guest
 * data. The items are found on the whole page, as the admin shows each in one panel only.
 */
export class AdminPanels {
  readonly bookings: Locator;
  readonly reviews: Locator;
  readonly inquiries: Locator;
  readonly calendar: Locator;
  readonly guestData: Locator;
  /** Every review the reviews panel lists. */
  readonly reviewItems: Locator;

  constructor(readonly page: Page) {
    this.bookings = page.getByTestId('bookings-panel');
    this.reviews = page.getByRole('region', { name: 'Manage Reviews' });
    this.inquiries = page.getByRole('region', { name: 'Inquiries', exact: true });
    this.calendar = page.getByRole('region', { name: 'Calendar' });
    this.guestData = page.getByRole('region', { name: 'Guest data' });
    this.reviewItems = page.getByTestId('admin-review');
  }

  /** Logs in with the test password on the test's server, or on the server at `url`, and waits for /admin. */
  logIn(url = ''): Promise<void> {
    return logIn(this.page, url);
  }

  /** The review whose text holds `text` (its name, say). */
  review(text: string): Locator {
    return this.reviewItems.filter({ hasText: text });
  }

  /** The inquiry whose text holds `text`. */
  inquiry(text: string): Locator {
    return this.page.getByTestId('admin-inquiry').filter({ hasText: text });
  }

  /** Shows the reviews of one state. */
  async filterReviews(state: ReviewFilter): Promise<void> {
    await this.page.getByRole('button', { name: state, exact: true }).click();
  }

  /** Reloads the inquiries panel. */
  async refreshInquiries(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh' }).click();
  }
}
