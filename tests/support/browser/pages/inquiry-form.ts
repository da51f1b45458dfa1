import type { Locator, Page } from '@playwright/test';
import { openCalendar, pickDay } from '../date-picker.js';

export interface InquiryFields {
  name?: string;
  email?: string;
  guests?: string;
  message?: string;
}

// The English labels of the fields InquiryForm.fill writes.
const LABELS: Record<keyof InquiryFields, string> = {
  name: 'Full Name',
  email: 'Email',
  guests: 'Guests',
  message: 'Message',
};

/** The contact section's booking inquiry form, on the English page. */
export class InquiryForm {
  readonly form: Locator;
  readonly sendButton: Locator;
  /** The form's message: a problem found before sending, or a refused or failed send. */
  readonly error: Locator;
  /** The heading that replaces the form once the inquiry is accepted. */
  readonly sent: Locator;
  /** The calendar a date field has opened. */
  readonly calendar: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Booking inquiry' });
    this.sendButton = this.form.getByRole('button', { name: 'Send Message' });
    this.error = this.form.getByRole('alert');
    this.sent = page.getByRole('heading', { name: 'Message Sent!' });
    this.calendar = this.form.getByRole('dialog');
  }

  /** Opens `url` (the test's server's `/` unless told) and scrolls to the contact section. */
  async open(url = '/'): Promise<void> {
    await this.page.goto(url);
    await this.scrollTo();
  }

  /** Scrolls to the contact section, after a reload say. */
  async scrollTo(): Promise<void> {
    await this.page.locator('#contact').scrollIntoViewIfNeeded();
  }

  /** A field by its label, as Playwright's getByLabel finds it. */
  field(label: string, options?: { exact?: boolean }): Locator {
    return this.form.getByLabel(label, options);
  }

  /** Fills the fields given, in the form's order: name, email, guests, message. */
  async fill(fields: InquiryFields): Promise<void> {
    for (const key of ['name', 'email', 'guests', 'message'] as const) {
      const value = fields[key];
      if (value !== undefined) await this.field(LABELS[key]).fill(value);
    }
  }

  /** Picks `day` (`YYYY-MM-DD`) in the Check-in or Check-out calendar, turning `nextMonths` pages first. */
  pickDay(label: 'Check-in' | 'Check-out', day: string, nextMonths = 0): Promise<void> {
    return pickDay(this.form, label, day, nextMonths);
  }

  /** Opens a date field's calendar, turns `nextMonths` pages forward, and answers it. */
  openCalendar(label: 'Check-in' | 'Check-out', nextMonths = 0): Promise<Locator> {
    return openCalendar(this.form, label, nextMonths);
  }

  async send(): Promise<void> {
    await this.sendButton.click();
  }
}
