import { expect, type Locator, type Page } from '@playwright/test';
import { logIn } from '../admin-login.js';

/** The names this page finds things by, in each of the admin's languages. */
const TEXTS = {
  en: {
    needsAction: 'Needs action',
    inquiries: 'Inquiries',
    reviews: 'Manage Reviews',
    registrations: 'Guest registrations',
    reply: 'Reply by mail',
    groups: { bulletins: 'SIBA bulletins due', inquiries: 'Inquiries unanswered' },
  },
  'pt-PT': {
    needsAction: 'Precisa de atenção',
    inquiries: 'Pedidos de informação',
    reviews: 'Gerir avaliações',
    registrations: 'Registo de hóspedes',
    reply: 'Responder por e-mail',
    groups: { bulletins: 'Boletins SIBA a enviar', inquiries: 'Pedidos de informação sem resposta' },
  },
} as const;

export type AdminLanguage = keyof typeof TEXTS;
type Group = keyof (typeof TEXTS)['en']['groups'];

/**
 * /admin read in one of its languages: "Needs action", the inquiries, the reviews and the guest
 * registrations, each found by its heading in that language.
 */
export class AdminHomeIn {
  readonly needsAction: Locator;
  readonly inquiries: Locator;
  readonly reviews: Locator;
  readonly registrations: Locator;
  private readonly texts: (typeof TEXTS)[AdminLanguage];

  constructor(
    readonly page: Page,
    language: AdminLanguage,
  ) {
    this.texts = TEXTS[language];
    this.needsAction = page.getByRole('region', { name: this.texts.needsAction, exact: true });
    this.inquiries = page.getByRole('region', { name: this.texts.inquiries, exact: true });
    this.reviews = page.getByRole('region', { name: this.texts.reviews, exact: true });
    this.registrations = page.getByRole('region', { name: this.texts.registrations, exact: true });
  }

  /**
   * Logs in by the form's password field and the Enter key, whatever the login page's language,
   * and waits for the home's inquiries group.
   */
  async logIn(url: string): Promise<void> {
    // The shared log-in finds the form in the browser's language, so it never types into the
    // prerendered English form while it is being redrawn in Portuguese.
    await logIn(this.page, url);
    await expect(this.group('inquiries')).toBeVisible();
  }

  group(name: Group): Locator {
    return this.needsAction.getByRole('region', { name: this.texts.groups[name], exact: true });
  }

  /** The group's count in words, such as "2 pedidos". */
  count(name: Group): Locator {
    return this.group(name).getByTestId('count');
  }

  inquiry(name: string): Locator {
    return this.inquiries.getByTestId('admin-inquiry').filter({ hasText: name });
  }

  /** The subject of the inquiry's "Reply by mail" link, decoded. */
  async replySubject(name: string): Promise<string> {
    const href = (await this.inquiry(name).getByRole('link', { name: this.texts.reply }).getAttribute('href')) ?? '';
    return decodeURIComponent(href.split('subject=')[1] ?? '');
  }

  review(text: string): Locator {
    return this.reviews.getByTestId('admin-review').filter({ hasText: text });
  }

  registration(code: string): Locator {
    return this.registrations.getByTestId('registration').filter({ hasText: code });
  }
}
