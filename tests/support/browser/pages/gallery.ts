import { expect, type Locator, type Page } from '@playwright/test';
import { afterGlideHome, islandHydrated } from '../landing-helpers.js';

/** The landing page's gallery: the filters, the strip of photos, its dots and arrows, and the lightbox. */
export class Gallery {
  readonly section: Locator;
  readonly strip: Locator;
  readonly items: Locator;
  readonly dots: Locator;
  /** Every filter button, "All" first. */
  readonly filters: Locator;
  readonly previous: Locator;
  readonly next: Locator;
  readonly swipeHint: Locator;
  /** The lightbox, its caption ("… (2 / 12)") and its photo. */
  readonly viewer: Locator;
  readonly caption: Locator;
  readonly viewerImage: Locator;

  constructor(readonly page: Page) {
    this.section = page.locator('#gallery');
    this.strip = page.getByTestId('gallery-strip');
    this.items = page.getByTestId('gallery-item');
    this.dots = page.getByTestId('gallery-dots');
    this.filters = page.getByRole('group', { name: 'Filter photos' }).getByRole('button');
    this.previous = page.getByRole('button', { name: 'Previous photo' });
    this.next = page.getByRole('button', { name: 'Next photo' });
    this.swipeHint = page.getByTestId('swipe-hint');
    this.viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    this.caption = this.viewer.locator('figcaption');
    this.viewerImage = this.viewer.locator('img');
  }

  /** Opens `/`, scrolls to the gallery and waits until its island runs. */
  async open(): Promise<void> {
    await this.page.goto('/');
    await afterGlideHome(this.page);
    await this.section.scrollIntoViewIfNeeded();
    await expect(this.items.first()).toBeVisible();
    await islandHydrated(this.page, 'gallery');
  }

  /** A category's filter button, by its exact label ("Kitchen"). */
  filter(name: string): Locator {
    return this.page.getByRole('group', { name: 'Filter photos' }).getByRole('button', { name, exact: true });
  }

  /** The index of the photo marked current (aria-current), or -1. */
  currentIndex(): Promise<number> {
    return this.items.evaluateAll((els) => els.findIndex((el) => el.getAttribute('aria-current') === 'true'));
  }

  scrollLeft(): Promise<number> {
    return this.strip.evaluate((el) => el.scrollLeft);
  }

  /** How far the strip can still scroll right, in px. */
  scrollLeftToGo(): Promise<number> {
    return this.strip.evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft);
  }

  /** A one-finger swipe on the strip from `fromX` to `toX`, as touch events. */
  async swipe(fromX: number, toX: number): Promise<void> {
    await this.strip.evaluate(
      (el, [a, b]) => {
        const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 300 });
        el.dispatchEvent(
          new TouchEvent('touchstart', { touches: [touch(a!)], changedTouches: [touch(a!)], bubbles: true }),
        );
        el.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(b!)], bubbles: true }));
      },
      [fromX, toX],
    );
  }
}
