import { expect, type Locator, type Page } from '@playwright/test';
import { dayButton, monthsBetween } from '../date-picker.js';

/** The booking panel's and its dialog's words, in each language of the demo house. */
export const PANEL_TEXTS = {
  en: {
    path: '/',
    title: 'Book your stay',
    nextMonth: 'Next month',
    guests: 'Guests',
    reserve: 'Reserve',
    requestToBook: 'Request to book',
    change: 'Change dates',
    name: 'Full Name',
    email: 'Email',
    country: 'Country of residence',
    accept: 'I accept the cancellation policy and the house rules.',
    submit: 'Book and pay',
    /** The same button when nothing is charged at once (a transfer). */
    book: 'Book',
    question: 'Ask a question',
  },
  'pt-PT': {
    path: '/pt/',
    title: 'Reserve a sua estadia',
    nextMonth: 'Mês seguinte',
    guests: 'Hóspedes',
    reserve: 'Reservar',
    requestToBook: 'Pedir reserva',
    change: 'Alterar datas',
    name: 'Nome completo',
    email: 'E-mail',
    country: 'País de residência',
    accept: 'Aceito a política de cancelamento e as regras da casa.',
    submit: 'Reservar e pagar',
    book: 'Reservar',
    question: 'Fazer uma pergunta',
  },
} as const;
export type PanelLocale = keyof typeof PANEL_TEXTS;

/**
 * The contact section's booking panel when the site takes bookings (dates, guests, price, the
 * house's rules, "Reserve"), and the dialog "Reserve" opens: the booking's one step.
 */
export class BookingPanel {
  readonly texts: (typeof PANEL_TEXTS)[PanelLocale];
  /** The panel itself, named by its heading. */
  readonly panel: Locator;
  readonly reserveButton: Locator;
  /** The rule the panel says of the stay chosen so far. */
  readonly rule: Locator;
  /** The dialog "Reserve" opens, and the booking form in it. */
  readonly dialog: Locator;
  readonly form: Locator;
  /** The phone's bar fixed to the bottom of the screen. */
  readonly bar: Locator;

  constructor(
    readonly page: Page,
    readonly locale: PanelLocale = 'en',
  ) {
    this.texts = PANEL_TEXTS[locale];
    this.panel = page.getByRole('region', { name: this.texts.title });
    this.reserveButton = this.panel.getByRole('button', { name: this.texts.reserve, exact: true });
    this.rule = this.panel.getByTestId('panel-rule');
    this.dialog = page.getByRole('dialog', { name: this.texts.title });
    this.form = this.dialog.getByTestId('booking-form');
    this.bar = page.getByTestId('booking-bar');
  }

  /** Opens the page of the panel's language on `url` and brings the panel into view. */
  async open(url: string): Promise<void> {
    await this.page.goto(`${url}${this.texts.path}`);
    await this.page.locator('#book').scrollIntoViewIfNeeded();
    // The panel runs before it is used: on a loaded machine a press on the prerendered "Reserve"
    // could come before its island started. Its date fields are a chunk of their own, drawn as
    // disabled stand-ins of the same name until it loads; "Reserve" can focus only the real ones.
    await expect(this.page.locator('[data-island="panel"]')).toHaveAttribute('data-hydrated', '');
    await expect(this.panel.getByLabel('Check-in', { exact: true })).toBeEnabled();
    await expect(this.panel.getByLabel('Check-out', { exact: true })).toBeEnabled();
  }

  /** Picks `day` in a date field's calendar, turning its pages until the day shows. */
  async pickDay(label: 'Check-in' | 'Check-out', day: string, today: string): Promise<void> {
    await this.panel.getByLabel(label, { exact: true }).click();
    const calendar = this.panel.getByRole('dialog');
    // The check-in calendar opens on today's month, the check-out one on the day after the arrival's.
    for (let i = 0; i < monthsBetween(today, day) + 1 && (await dayButton(calendar, day).count()) === 0; i++)
      await calendar.getByRole('button', { name: this.texts.nextMonth }).click();
    await dayButton(calendar, day).click();
  }

  async pickStay(stay: { checkIn: string; checkOut: string }, today: string): Promise<void> {
    await this.pickDay('Check-in', stay.checkIn, today);
    await this.pickDay('Check-out', stay.checkOut, today);
  }

  async chooseGuests(count: number): Promise<void> {
    await this.panel.getByLabel(this.texts.guests).selectOption(String(count));
  }

  /** "Reserve" (or "Request to book"), then the booking form in its dialog. */
  async reserve(name: string = this.texts.reserve): Promise<Locator> {
    await this.panel.getByRole('button', { name, exact: true }).click();
    await this.form.getByLabel(this.texts.name).waitFor();
    return this.form;
  }

  /** Fills the guest's details in the dialog's form. */
  async fillDetails(details: { name: string; email: string; country: string }): Promise<void> {
    await this.form.getByLabel(this.texts.name).fill(details.name);
    await this.form.getByLabel(this.texts.email).fill(details.email);
    await this.form.getByLabel(this.texts.country).selectOption(details.country);
  }
}
