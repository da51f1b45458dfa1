import { expect, type Locator, type Page } from '@playwright/test';

/** The labels of the check-in part in one language of the booking page. */
export interface CheckInTexts {
  title: string;
  guest: (n: number) => string;
  surname: string;
  givenNames: string;
  nationality: string;
  birthDate: string;
  /** The date of birth's hint: its format in the page's language. */
  birthDateHint: string;
  birthPlace: string;
  documentType: string;
  documentNumber: string;
  documentCountry: string;
  residenceCountry: string;
  residenceTown: string;
  save: (n: number) => string;
  /** The heading of a guest's saved state. */
  saved: (n: number) => string;
}

export interface ForeignGuest {
  surname: string;
  givenNames: string;
  nationality: string;
  birthDate: string;
  birthPlace: string;
  documentType: string;
  documentNumber: string;
  documentCountry: string;
  residenceCountry: string;
  residenceTown: string;
}

/** The "Check in online" part of a guest's booking page (`/booking/<code>?t=…`), one form per guest. */
export class CheckInPart {
  readonly root: Locator;
  readonly progress: Locator;

  constructor(
    readonly page: Page,
    readonly texts: CheckInTexts,
  ) {
    this.root = page.getByTestId('check-in');
    this.progress = page.getByTestId('check-in-progress');
  }

  guest(n: number): Locator {
    return this.root
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: this.texts.guest(n) }) });
  }

  async fillNames(n: number, guest: { surname: string; givenNames: string; nationality: string }): Promise<void> {
    const part = this.guest(n);
    await part.getByLabel(this.texts.surname).fill(guest.surname);
    await part.getByLabel(this.texts.givenNames).fill(guest.givenNames);
    await part.getByLabel(this.texts.nationality).selectOption({ label: guest.nationality });
  }

  /**
   * A Portuguese guest's names and nationality, then Save, by the keyboard alone: typing into the
   * focused field, Tab to the next, the nationality chosen by typing its name in the closed select.
   */
  async checkInNamesByKeyboard(n: number, guest: { surname: string; givenNames: string; nationality: string }) {
    const part = this.guest(n);
    await part.getByLabel(this.texts.surname).focus();
    await this.page.keyboard.type(guest.surname);
    await this.page.keyboard.press('Tab');
    await expect(part.getByLabel(this.texts.givenNames)).toBeFocused();
    await this.page.keyboard.type(guest.givenNames);
    await this.page.keyboard.press('Tab');
    await expect(part.getByLabel(this.texts.nationality)).toBeFocused();
    await this.page.keyboard.type(guest.nationality);
    await this.page.keyboard.press('Tab');
    await expect(part.getByRole('button', { name: this.texts.save(n) })).toBeFocused();
    await this.page.keyboard.press('Enter');
  }

  /** A guest who is not Portuguese: every field of the bulletin (countries and document by their labels). */
  async fillForeign(n: number, guest: ForeignGuest): Promise<void> {
    await this.fillNames(n, guest);
    const part = this.guest(n);
    await part.getByLabel(this.texts.birthDate).fill(guest.birthDate);
    await part.getByLabel(this.texts.birthPlace).fill(guest.birthPlace);
    await part.getByLabel(this.texts.documentType).selectOption({ label: guest.documentType });
    await part.getByLabel(this.texts.documentNumber).fill(guest.documentNumber);
    await part.getByLabel(this.texts.documentCountry).selectOption({ label: guest.documentCountry });
    await part.getByLabel(this.texts.residenceCountry).selectOption({ label: guest.residenceCountry });
    await part.getByLabel(this.texts.residenceTown).fill(guest.residenceTown);
  }

  /** The heading a guest's save led to: it takes the focus (docs/decisions/0043-form-errors.md). */
  savedHeading(n: number): Locator {
    return this.guest(n).getByRole('heading', { name: this.texts.saved(n) });
  }

  save(n: number): Promise<void> {
    return this.guest(n)
      .getByRole('button', { name: this.texts.save(n) })
      .click();
  }
}
