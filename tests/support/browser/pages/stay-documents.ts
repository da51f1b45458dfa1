import type { Locator, Page } from '@playwright/test';

/** The stay page's "Invoices and credit notes" (/admin/bookings/CODE): its documents and the tax number they carry. */
export class StayDocumentsPanel {
  readonly root: Locator;
  readonly documents: Locator;
  readonly states: Locator;
  readonly taxNumber: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('stay-documents');
    this.documents = this.root.getByTestId('stay-document');
    this.states = this.root.getByTestId('stay-document-state');
    this.taxNumber = this.root.getByRole('form', { name: 'Tax number (NIF)' });
  }

  currentTaxNumber(): Locator {
    return this.taxNumber.getByTestId('stay-tax-number-current');
  }

  /** "Correct the tax number", by the keyboard: the country chosen, the number typed, the button pressed. */
  async correctTaxNumber(country: string, nif: string): Promise<void> {
    await this.taxNumber.getByLabel('Country that issued it').selectOption(country);
    await this.taxNumber.getByLabel('Tax number', { exact: true }).fill(nif);
    await this.taxNumber.getByRole('button', { name: 'Correct the tax number' }).focus();
    await this.page.keyboard.press('Enter');
  }
}
