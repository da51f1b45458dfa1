import type { Locator, Page } from '@playwright/test';
import { hydrateUnderStoppedClock, islandHydrated, settledTop } from '../landing-helpers.js';

export type Locale = 'en' | 'pt-PT';

// Where each language's page is, and the names its header goes by there.
const PAGES = {
  en: { path: '/', nav: 'Main', openMenu: 'Open menu' },
  'pt-PT': { path: '/pt/', nav: 'Principal', openMenu: 'Abrir o menu' },
} as const;

/** The landing page, `/` or `/pt/`: its header and menu, the hero's headline, and its sections. */
export class LandingPage {
  /** The site's header, transparent at the top and solid once scrolled. */
  readonly header: Locator;
  /** The desktop header's links. */
  readonly nav: Locator;
  /** The hamburger, shown under 768 px. */
  readonly menuButton: Locator;
  /** The mobile drawer the hamburger opens. */
  readonly menu: Locator;
  /** The hero headline's typed layer, its caret, and the whole headline once typed. */
  readonly typedText: Locator;
  readonly caret: Locator;
  readonly typedHeadline: Locator;

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {
    this.header = page.locator('header').first();
    this.nav = page.getByRole('navigation', { name: PAGES[locale].nav });
    this.menuButton = page.getByRole('button', { name: PAGES[locale].openMenu });
    this.menu = page.getByRole('dialog', { name: 'Menu' });
    this.typedText = page.getByTestId('typed-text');
    this.caret = page.getByTestId('caret');
    this.typedHeadline = page.getByTestId('typed-headline');
  }

  /** Opens the page on the test's server (its baseURL), or on the server at `url`. */
  async goto(url = '', options?: Parameters<Page['goto']>[1]): Promise<void> {
    await this.page.goto(`${url}${PAGES[this.locale].path}`, options);
  }

  /** Opens the page and waits for its header to run: a click before then is a plain link's, or nothing. */
  async gotoWithHeader(url = ''): Promise<void> {
    await this.goto(url);
    await this.islandHydrated('header');
  }

  /** Waits until the island `name` runs (see landing-helpers.ts). */
  islandHydrated(name: string): Promise<void> {
    return islandHydrated(this.page, name);
  }

  /** Lets the first frame through under a stopped clock, so the page hydrates (see landing-helpers.ts). */
  hydrateUnderStoppedClock(): Promise<void> {
    return hydrateUnderStoppedClock(this.page);
  }

  /** A section by its id: home, about, gallery, amenities, location, reviews, contact. */
  section(id: string): Locator {
    return this.page.locator(`#${id}`);
  }

  async scrollTo(id: string): Promise<void> {
    await this.section(id).scrollIntoViewIfNeeded();
  }

  /** The section's top, relative to the window, once scrolling has settled. */
  settledTop(id: string): Promise<number> {
    return settledTop(this.page, id);
  }

  async openMenu(): Promise<void> {
    await this.menuButton.click();
  }
}
