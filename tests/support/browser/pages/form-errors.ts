import { expect, type Locator, type Page } from '@playwright/test';

/** A refused field as a guest sees it: the field's label and the words said of it. */
export interface Refused {
  label: string;
  text: string;
}

/** The guest forms' words in each language of the demo house (ui/form-errors.tsx). */
export const FORM_TEXTS = {
  en: {
    path: '/',
    summaryTitle: 'There is a problem',
    inquiry: {
      form: 'Booking inquiry',
      send: 'Send Message',
      name: 'Full Name',
      email: 'Email',
      sent: 'Message Sent!',
    },
    inquiryEmpty: [
      { label: 'Full Name', text: 'Enter your full name' },
      { label: 'Email', text: 'Enter your e-mail address' },
    ],
    review: {
      form: 'Share Your Experience',
      send: 'Submit Review',
      name: 'Name',
      comment: 'Your review',
      sent: 'Thank you for your review!',
      sentText: 'It will be read before it is published.',
      another: 'Write another review',
    },
    reviewEmpty: [
      { label: 'Name', text: 'Enter your name' },
      { label: 'Your review', text: 'Write your review' },
    ],
    bookingEmpty: [
      { label: 'Full Name', text: 'Enter your full name' },
      { label: 'Email', text: 'Enter your e-mail address' },
      { label: 'Country of residence', text: 'Choose your country' },
      {
        label: 'I accept the cancellation policy and the house rules.',
        text: 'Please accept the cancellation policy and the house rules.',
      },
    ],
    skipGallery: 'Skip the photo gallery',
    bookNow: 'Book Now',
  },
  'pt-PT': {
    path: '/pt/',
    summaryTitle: 'Há um problema',
    inquiry: {
      form: 'Pedido de reserva',
      send: 'Enviar mensagem',
      name: 'Nome completo',
      email: 'E-mail',
      sent: 'Mensagem enviada!',
    },
    inquiryEmpty: [
      { label: 'Nome completo', text: 'Indique o seu nome completo' },
      { label: 'E-mail', text: 'Indique o seu endereço de e-mail' },
    ],
    review: {
      form: 'Partilhe a sua experiência',
      send: 'Enviar opinião',
      name: 'Nome',
      comment: 'A sua opinião',
      sent: 'Obrigado pela sua opinião!',
      sentText: 'Será lida antes de ser publicada.',
      another: 'Escrever outra opinião',
    },
    reviewEmpty: [
      { label: 'Nome', text: 'Indique o seu nome' },
      { label: 'A sua opinião', text: 'Escreva a sua opinião' },
    ],
    bookingEmpty: [
      { label: 'Nome completo', text: 'Indique o seu nome completo' },
      { label: 'E-mail', text: 'Indique o seu endereço de e-mail' },
      { label: 'País de residência', text: 'Escolha o seu país' },
      {
        label: 'Aceito a política de cancelamento e as regras da casa.',
        text: 'Aceite, por favor, a política de cancelamento e as regras da casa.',
      },
    ],
    skipGallery: 'Saltar a galeria de fotografias',
    bookNow: 'Reservar',
  },
} as const;
export type FormLocale = keyof typeof FORM_TEXTS;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A guest form's refusals: the summary at its top and each refused field. */
export class FormErrors {
  readonly summary: Locator;

  constructor(
    readonly page: Page,
    readonly form: Locator,
  ) {
    this.summary = form.getByTestId('error-summary');
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The summary's links to the refused fields, in the form's order. */
  links(): Locator {
    return this.summary.getByRole('link');
  }

  /**
   * Every field of `refused` shown at once: the summary an alert with one link per field in this
   * order, each field invalid and described by its words, and the focus on the first.
   */
  async expectRefused(refused: readonly Refused[], title: string): Promise<void> {
    await expect(this.summary).toHaveRole('alert');
    await expect(this.summary).toContainText(title);
    await expect(this.links()).toHaveText(refused.map((r) => r.text));
    for (const { label, text } of refused) {
      await expect(this.field(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(this.field(label)).toHaveAccessibleDescription(new RegExp(escaped(text)));
    }
    await expect(this.field(refused[0]!.label)).toBeFocused();
  }

  /**
   * `target`'s top is in the window and below the site's fixed header, once a focus scroll has
   * settled: the header never covers the summary or a field it links to.
   */
  async expectBelowHeader(target: Locator): Promise<void> {
    const header = this.page.locator('body > header, #root header, header[data-solid]').first();
    await expect
      .poll(async () => {
        const [top, headerBox] = await Promise.all([target.boundingBox(), header.boundingBox()]);
        return !!top && !!headerBox && top.y >= headerBox.y + headerBox.height && top.y < this.viewportHeight();
      })
      .toBe(true);
  }

  private viewportHeight(): number {
    return this.page.viewportSize()?.height ?? 0;
  }

  /**
   * Moves the window so `target`'s top sits `y` px from the window's top, under the fixed header,
   * as a guest's scroll may have left it.
   */
  async scrollUnderHeader(target: Locator, y = 8): Promise<void> {
    await target.evaluate((element, at) => {
      window.scrollBy({ top: element.getBoundingClientRect().top - at, behavior: 'instant' });
    }, y);
  }

  /** Presses a form's button by the keyboard: focused, then Enter. */
  async pressButton(name: string): Promise<void> {
    await this.form.getByRole('button', { name, exact: true }).focus();
    await this.page.keyboard.press('Enter');
  }
}
