import type { Page } from '@playwright/test';
import { expect, test } from '../support/browser/test-fixtures.js';
import { islandHydrated, property, VIEWPORTS } from '../support/browser/landing-helpers.js';

const strip = (page: Page) => page.getByTestId('gallery-strip');
const items = (page: Page) => page.getByTestId('gallery-item');
const currentIndex = (page: Page) =>
  items(page).evaluateAll((els) => els.findIndex((el) => el.getAttribute('aria-current') === 'true'));
const viewer = (page: Page) => page.getByRole('dialog', { name: 'Photo viewer' });
const filterButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter photos' }).getByRole('button', { name, exact: true });

async function openGallery(page: Page) {
  await page.goto('/');
  await page.locator('#gallery').scrollIntoViewIfNeeded();
  await expect(items(page).first()).toBeVisible();
  await islandHydrated(page, 'gallery');
}

async function swipe(page: Page, fromX: number, toX: number) {
  await strip(page).evaluate(
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

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`gallery, ${name}`, () => {
    test.use({ viewport });

    test('filters by category; a new filter starts again at the first photo', async ({ page }) => {
      await openGallery(page);
      await expect(items(page)).toHaveCount(property.gallery.length);
      const filters = page.getByRole('group', { name: 'Filter photos' }).getByRole('button');
      await expect(filters).toHaveText(['all', 'exterior', 'lake', 'interior', 'kitchen', 'bedrooms', 'bathrooms']);
      await expect(filters.first()).toHaveAttribute('aria-pressed', 'true');

      await page.getByRole('button', { name: 'Photo 3 of' }).click();
      await expect.poll(() => currentIndex(page)).toBe(2);
      await expect.poll(() => strip(page).evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

      await filterButton(page, 'kitchen').click();
      const kitchen = property.gallery.filter((g) => g.category === 'kitchen');
      await expect(items(page)).toHaveCount(kitchen.length);
      await expect(items(page).first().locator('img')).toHaveAttribute('alt', kitchen[0]!.alt);
      expect(await currentIndex(page)).toBe(0);
      expect(await strip(page).evaluate((el) => el.scrollLeft)).toBe(0);
    });

    test('shows at most 7 dots, with an ellipsis at the end that moves as the index does', async ({ page }) => {
      await openGallery(page);
      const dots = page.getByTestId('gallery-dots');
      await expect(dots.getByRole('button')).toHaveCount(6);
      await expect(dots.getByTestId('dots-ellipsis')).toHaveCount(1);
      await dots.getByRole('button').last().click();
      await dots.getByRole('button').last().click();
      await expect(dots.getByTestId('dots-ellipsis')).toHaveCount(2);
      expect(await dots.locator('> *').count()).toBeLessThanOrEqual(7);
      await filterButton(page, 'bathrooms').click();
      await expect(dots.getByRole('button')).toHaveCount(4);
      await expect(dots.getByTestId('dots-ellipsis')).toHaveCount(0);
    });

    test('opens a photo in the lightbox; X, backdrop and Escape close it; arrows move; focus returns', async ({
      page,
    }) => {
      await openGallery(page);
      await items(page).first().click();
      await expect(viewer(page)).toBeVisible();
      await expect(viewer(page).locator('figcaption')).toContainText(`(1 / ${property.gallery.length})`);
      await expect(viewer(page).locator('img')).toHaveAttribute('alt', property.gallery[0]!.alt);
      await page.keyboard.press('ArrowRight');
      await expect(viewer(page).locator('figcaption')).toContainText(`(2 / ${property.gallery.length})`);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(viewer(page).locator('figcaption')).toContainText(
        `(${property.gallery.length} / ${property.gallery.length})`,
      );
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Escape');
      await expect(viewer(page)).toBeHidden();
      await expect(items(page).nth(1)).toBeFocused();

      await items(page).nth(1).click();
      await viewer(page).getByRole('button', { name: 'Close photo' }).click();
      await expect(viewer(page)).toBeHidden();
      await expect(items(page).nth(1)).toBeFocused();

      await items(page).nth(1).click();
      await expect(viewer(page)).toBeVisible();
      await page.mouse.click(viewport.width / 2, 8); // the dark backdrop above the photo
      await expect(viewer(page)).toBeHidden();
    });

    test('nudges the strip 60 px and back once per session', async ({ page }) => {
      await page.goto('/');
      const watch = () =>
        strip(page).evaluate((el) => {
          const w = window as unknown as { maxLeft: number };
          w.maxLeft = 0;
          el.addEventListener('scroll', () => (w.maxLeft = Math.max(w.maxLeft, el.scrollLeft)));
        });
      const maxLeft = () => page.evaluate(() => (window as unknown as { maxLeft: number }).maxLeft);
      await watch();
      await page.locator('#gallery').scrollIntoViewIfNeeded();
      await expect.poll(maxLeft).toBeGreaterThanOrEqual(55);
      expect(await maxLeft()).toBeLessThanOrEqual(62);
      await expect.poll(() => strip(page).evaluate((el) => el.scrollLeft)).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('galleryNudged'))).toBe('true');

      await page.reload();
      await watch();
      await page.locator('#gallery').scrollIntoViewIfNeeded();
      await page.waitForTimeout(1500);
      expect(await maxLeft()).toBe(0);
    });

    test('shows a swipe hint until the first touch, wheel or mouse press', async ({ page }) => {
      await openGallery(page);
      await expect(page.getByTestId('swipe-hint')).toBeVisible();
      await strip(page).dispatchEvent('mousedown');
      await expect(page.getByTestId('swipe-hint')).toHaveCount(0);
    });
  });
}

test.describe('gallery, desktop only', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('previous and next move one photo, and Next is disabled once the strip can scroll no further', async ({
    page,
  }) => {
    await openGallery(page);
    await filterButton(page, 'bathrooms').click();
    const previous = page.getByRole('button', { name: 'Previous photo' });
    const next = page.getByRole('button', { name: 'Next photo' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    const count = property.gallery.filter((g) => g.category === 'bathrooms').length;
    const scrollLeft = () => strip(page).evaluate((el) => Math.round(el.scrollLeft));
    // Three photos fit in the strip: the last three share its last position.
    for (let i = 1; i <= count - 3; i++) {
      const before = await scrollLeft();
      await next.click();
      await expect.poll(() => currentIndex(page)).toBe(i);
      // Every press that is allowed moves the strip, not only the dot.
      await expect.poll(scrollLeft).toBeGreaterThan(before);
      await page.waitForTimeout(420); // past the 400 ms lock
    }
    await expect
      .poll(() => strip(page).evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft))
      .toBeLessThanOrEqual(1);
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await expect(items(page).last()).toBeInViewport({ ratio: 0.99 });
  });

  test("every dot can be chosen, those past the strip's last position too: the strip goes to its end and marks that photo", async ({
    page,
  }) => {
    await openGallery(page);
    await filterButton(page, 'bathrooms').click();
    const count = property.gallery.filter((g) => g.category === 'bathrooms').length;
    const dots = page.getByTestId('gallery-dots').getByRole('button');
    await expect(dots).toHaveCount(count);
    const atEnd = () => strip(page).evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft <= 1);
    for (const target of [count - 1, count - 2]) {
      await dots.nth(target).click();
      await expect(dots.nth(target)).toHaveAttribute('aria-current', 'true');
      await expect.poll(() => currentIndex(page)).toBe(target);
      await expect.poll(atEnd).toBe(true);
    }
    await dots.first().click();
    await expect.poll(() => currentIndex(page)).toBe(0);
    await expect.poll(() => strip(page).evaluate((el) => el.scrollLeft)).toBe(0);
  });

  test('a click on a photo that is not the current one opens the viewer on it at once, without scrolling the strip', async ({
    page,
  }) => {
    // This session has had its nudge (the strip's 60 px "there is more"), which would scroll it.
    await page.addInitScript(() => sessionStorage.setItem('galleryNudged', 'true'));
    await openGallery(page);
    expect(await currentIndex(page)).toBe(0);
    const before = await strip(page).evaluate((el) => el.scrollLeft);
    // Counts the strip's scroll events from here on.
    await strip(page).evaluate((el) => {
      el.dataset.scrolls = '0';
      el.addEventListener('scroll', () => (el.dataset.scrolls = String(Number(el.dataset.scrolls) + 1)));
    });
    await items(page).nth(2).click();
    await expect(viewer(page)).toBeVisible();
    await expect(viewer(page).locator('img')).toHaveAttribute('alt', property.gallery[2]!.alt);
    await expect(strip(page)).toHaveAttribute('data-scrolls', '0');
    expect(await strip(page).evaluate((el) => el.scrollLeft)).toBe(before);
  });

  test('a horizontal wheel turn moves one photo; rapid turns inside 400 ms move only one', async ({ page }) => {
    await openGallery(page);
    // Three turns in the same instant, as a trackpad sends them.
    await strip(page).evaluate((el) => {
      for (let i = 0; i < 3; i++)
        el.dispatchEvent(new WheelEvent('wheel', { deltaX: 120, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => currentIndex(page)).toBe(1);
    await page.waitForTimeout(600);
    expect(await currentIndex(page)).toBe(1);
    // A real wheel turn after the lock has passed moves on again.
    await strip(page).hover();
    await page.mouse.wheel(120, 0);
    await expect.poll(() => currentIndex(page)).toBe(2);
  });
});

test.describe('gallery, mobile only', () => {
  test.use({ viewport: VIEWPORTS.mobile, hasTouch: true });

  test('a swipe over 50 px moves one photo; a shorter one does not; prev/next are hidden', async ({ page }) => {
    await openGallery(page);
    await expect(page.getByRole('button', { name: 'Next photo' })).toBeHidden();
    await swipe(page, 300, 260);
    await page.waitForTimeout(450);
    expect(await currentIndex(page)).toBe(0);
    await swipe(page, 300, 200);
    await expect.poll(() => currentIndex(page)).toBe(1);
    await page.waitForTimeout(450);
    await swipe(page, 100, 250);
    await expect.poll(() => currentIndex(page)).toBe(0);
    await expect(page.getByTestId('swipe-hint')).toHaveCount(0);
  });
});
