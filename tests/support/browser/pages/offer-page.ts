import { expect, type Locator, type Page } from '@playwright/test';

/** The words of the guest's booking page for an owner's offer, in one language. */
export interface OfferTexts {
  choose: string;
  stripe: string;
  bank: string;
  payNow: string;
  /** The offer's terms: the box the guest ticks and the button that accepts them. */
  accept: string;
  acceptButton: string;
}

/** The guest's booking page for an owner's offer: accepting its terms, choosing how to pay, then paying. */
export class OfferPage {
  readonly choice: Locator;

  constructor(
    readonly page: Page,
    readonly texts: OfferTexts,
  ) {
    this.choice = page.getByRole('group', { name: texts.choose });
  }

  /** Opens the offer, whose terms wait to be accepted before any way to pay is shown. */
  async open(payUrl: string): Promise<void> {
    await this.page.goto(payUrl);
    await expect(this.terms).toBeVisible();
    await expect(this.choice).toHaveCount(0);
  }

  get terms(): Locator {
    return this.page.getByTestId('offer-terms');
  }

  /** Ticks the box and accepts: the ways to pay appear. */
  async acceptTerms(): Promise<void> {
    await this.terms.getByLabel(this.texts.accept).check();
    await this.terms.getByRole('button', { name: this.texts.acceptButton }).click();
    await expect(this.choice).toBeVisible();
    await expect(this.terms).toHaveCount(0);
  }

  /** Chooses a way of paying and waits for the page to show what it means. */
  async choose(method: 'stripe' | 'bank'): Promise<void> {
    const radio = this.choice.getByLabel(method === 'stripe' ? this.texts.stripe : this.texts.bank);
    await radio.check();
    await expect(radio).toBeChecked();
    if (method === 'bank') {
      await expect(this.page.getByTestId('bank-details')).toBeVisible();
      await expect(this.payNow).toHaveCount(0);
    } else {
      await expect(this.page.getByTestId('bank-details')).toHaveCount(0);
      await expect(this.payNow).toBeVisible();
    }
  }

  get payNow(): Locator {
    return this.page.getByRole('button', { name: this.texts.payNow });
  }
}
