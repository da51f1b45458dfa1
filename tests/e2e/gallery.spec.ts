import { expect, test } from '../support/browser/test-fixtures.js';
import { afterGlideHome, islandHydrated, property, VIEWPORTS } from '../support/browser/landing-helpers.js';
import { Gallery } from '../support/browser/pages/gallery.js';

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`gallery, ${name}`, () => {
    test.use({ viewport });

    test('filters by category; a new filter starts again at the first photo', async ({ page }) => {
      const gallery = new Gallery(page);
      await gallery.open();
      await expect(gallery.items).toHaveCount(property.gallery.length);
      await expect(gallery.filters).toHaveText([
        'All',
        'Exterior',
        'Lake',
        'Interior',
        'Kitchen',
        'Bedrooms',
        'Bathrooms',
      ]);
      await expect(gallery.filters.first()).toHaveAttribute('aria-pressed', 'true');

      await page.getByRole('button', { name: 'Photo 3 of' }).click();
      await expect.poll(() => gallery.currentIndex()).toBe(2);
      await expect.poll(() => gallery.scrollLeft()).toBeGreaterThan(0);

      await gallery.filter('Kitchen').click();
      const kitchen = property.gallery.filter((g) => g.category === 'kitchen');
      await expect(gallery.items).toHaveCount(kitchen.length);
      await expect(gallery.items.first().locator('img')).toHaveAttribute('alt', kitchen[0]!.alt);
      expect(await gallery.currentIndex()).toBe(0);
      expect(await gallery.scrollLeft()).toBe(0);
    });

    test('shows at most 7 dots, with an ellipsis at the end that moves as the index does', async ({ page }) => {
      const gallery = new Gallery(page);
      await gallery.open();
      const { dots } = gallery;
      await expect(dots.getByRole('button')).toHaveCount(6);
      await expect(dots.getByTestId('dots-ellipsis')).toHaveCount(1);
      await dots.getByRole('button').last().click();
      await dots.getByRole('button').last().click();
      await expect(dots.getByTestId('dots-ellipsis')).toHaveCount(2);
      expect(await dots.locator('> *').count()).toBeLessThanOrEqual(7);
      await gallery.filter('Bathrooms').click();
      await expect(dots.getByRole('button')).toHaveCount(4);
      await expect(dots.getByTestId('dots-ellipsis')).toHaveCount(0);
    });

    test('opens a photo in the lightbox; X, backdrop and Escape close it; arrows move; focus returns', async ({
      page,
    }) => {
      const gallery = new Gallery(page);
      await gallery.open();
      await gallery.items.first().click();
      await expect(gallery.viewer).toBeVisible();
      await expect(gallery.caption).toContainText(`(1 / ${property.gallery.length})`);
      await expect(gallery.viewerImage).toHaveAttribute('alt', property.gallery[0]!.alt);
      await page.keyboard.press('ArrowRight');
      await expect(gallery.caption).toContainText(`(2 / ${property.gallery.length})`);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(gallery.caption).toContainText(`(${property.gallery.length} / ${property.gallery.length})`);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Escape');
      await expect(gallery.viewer).toBeHidden();
      await expect(gallery.items.nth(1)).toBeFocused();

      await gallery.items.nth(1).click();
      await gallery.viewer.getByRole('button', { name: 'Close photo' }).click();
      await expect(gallery.viewer).toBeHidden();
      await expect(gallery.items.nth(1)).toBeFocused();

      await gallery.items.nth(1).click();
      await expect(gallery.viewer).toBeVisible();
      await page.mouse.click(viewport.width / 2, 8); // the dark backdrop above the photo
      await expect(gallery.viewer).toBeHidden();
    });

    test('nudges the strip 60 px and back once per session', async ({ page }) => {
      const gallery = new Gallery(page);
      await page.goto('/');
      const watch = () =>
        gallery.strip.evaluate((el) => {
          const w = window as unknown as { maxLeft: number };
          w.maxLeft = 0;
          el.addEventListener('scroll', () => (w.maxLeft = Math.max(w.maxLeft, el.scrollLeft)));
        });
      const maxLeft = () => page.evaluate(() => (window as unknown as { maxLeft: number }).maxLeft);
      await watch();
      await gallery.section.scrollIntoViewIfNeeded();
      await expect.poll(maxLeft).toBeGreaterThanOrEqual(55);
      expect(await maxLeft()).toBeLessThanOrEqual(62);
      await expect.poll(() => gallery.scrollLeft()).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('galleryNudged'))).toBe('true');

      await page.reload();
      // After the page's glide home, which would otherwise take the gallery out of view again.
      await afterGlideHome(page);
      await watch();
      await gallery.section.scrollIntoViewIfNeeded();
      await islandHydrated(page, 'gallery');
      await page.waitForTimeout(1500);
      expect(await maxLeft()).toBe(0);
    });

    test('shows a swipe hint until the first touch, wheel or mouse press', async ({ page }) => {
      const gallery = new Gallery(page);
      await gallery.open();
      await expect(gallery.swipeHint).toBeVisible();
      await gallery.strip.dispatchEvent('mousedown');
      await expect(gallery.swipeHint).toHaveCount(0);
    });
  });
}

test.describe('gallery, desktop only', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('previous and next move one photo, and Next is disabled once the strip can scroll no further', async ({
    page,
  }) => {
    const gallery = new Gallery(page);
    await gallery.open();
    await gallery.filter('Bathrooms').click();
    const { previous, next } = gallery;
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    const count = property.gallery.filter((g) => g.category === 'bathrooms').length;
    const scrollLeft = () => gallery.strip.evaluate((el) => Math.round(el.scrollLeft));
    // Three photos fit in the strip: the last three share its last position.
    for (let i = 1; i <= count - 3; i++) {
      const before = await scrollLeft();
      await next.click();
      await expect.poll(() => gallery.currentIndex()).toBe(i);
      // Every press that is allowed moves the strip, not only the dot.
      await expect.poll(scrollLeft).toBeGreaterThan(before);
      await page.waitForTimeout(420); // past the 400 ms lock
    }
    await expect.poll(() => gallery.scrollLeftToGo()).toBeLessThanOrEqual(1);
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await expect(gallery.items.last()).toBeInViewport({ ratio: 0.99 });
  });

  test("every dot can be chosen, those past the strip's last position too: the strip goes to its end and marks that photo", async ({
    page,
  }) => {
    // This session has had its nudge, whose 60 px scroll could cut across the dots' own scrolls.
    await page.addInitScript(() => sessionStorage.setItem('galleryNudged', 'true'));
    const gallery = new Gallery(page);
    await gallery.open();
    await gallery.filter('Bathrooms').click();
    const count = property.gallery.filter((g) => g.category === 'bathrooms').length;
    const dots = gallery.dots.getByRole('button');
    await expect(dots).toHaveCount(count);
    const atEnd = async () => (await gallery.scrollLeftToGo()) <= 1;
    for (const target of [count - 1, count - 2]) {
      await dots.nth(target).click();
      await expect(dots.nth(target)).toHaveAttribute('aria-current', 'true');
      await expect.poll(() => gallery.currentIndex()).toBe(target);
      await expect.poll(atEnd).toBe(true);
    }
    await dots.first().click();
    await expect.poll(() => gallery.currentIndex()).toBe(0);
    await expect.poll(() => gallery.scrollLeft()).toBe(0);
  });

  test('a click on a photo that is not the current one opens the viewer on it at once, without scrolling the strip', async ({
    page,
  }) => {
    // This session has had its nudge (the strip's 60 px "there is more"), which would scroll it.
    await page.addInitScript(() => sessionStorage.setItem('galleryNudged', 'true'));
    const gallery = new Gallery(page);
    await gallery.open();
    expect(await gallery.currentIndex()).toBe(0);
    await gallery.strip.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    // The photos in view and the fonts settle the strip's layout first: a late one may re-snap it.
    await page.waitForFunction(
      () =>
        document.fonts.status === 'loaded' &&
        [...document.querySelectorAll<HTMLImageElement>('#gallery img')]
          .filter((img) => {
            const box = img.getBoundingClientRect();
            return box.right > 0 && box.left < innerWidth && box.bottom > 0 && box.top < innerHeight;
          })
          .every((img) => img.complete),
    );
    const before = await gallery.scrollLeft();
    // Counts the strip's scroll events from here on.
    await gallery.strip.evaluate((el) => {
      el.dataset.scrolls = '0';
      el.addEventListener('scroll', () => (el.dataset.scrolls = String(Number(el.dataset.scrolls) + 1)));
    });
    // A mouse click where the photo is, as a visitor makes it. Playwright's own click may scroll
    // the photo's ancestors (the strip too) into view when a first attempt finds it busy.
    const photo = gallery.items.nth(2);
    await expect(photo).toBeInViewport({ ratio: 1 });
    const box = (await photo.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(gallery.viewer).toBeVisible();
    await expect(gallery.viewerImage).toHaveAttribute('alt', property.gallery[2]!.alt);
    await expect(gallery.strip).toHaveAttribute('data-scrolls', '0');
    expect(await gallery.scrollLeft()).toBe(before);
  });

  test('a horizontal wheel turn moves one photo; rapid turns inside 400 ms move only one', async ({ page }) => {
    const gallery = new Gallery(page);
    await gallery.open();
    // Three turns in the same instant, as a trackpad sends them.
    await gallery.strip.evaluate((el) => {
      for (let i = 0; i < 3; i++)
        el.dispatchEvent(new WheelEvent('wheel', { deltaX: 120, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => gallery.currentIndex()).toBe(1);
    await page.waitForTimeout(600);
    expect(await gallery.currentIndex()).toBe(1);
    // A real wheel turn after the lock has passed moves on again.
    await gallery.strip.hover();
    await page.mouse.wheel(120, 0);
    await expect.poll(() => gallery.currentIndex()).toBe(2);
  });
});

test.describe('gallery, mobile only', () => {
  test.use({ viewport: VIEWPORTS.mobile, hasTouch: true });

  test('a swipe over 50 px moves one photo; a shorter one does not; prev/next are hidden', async ({ page }) => {
    const gallery = new Gallery(page);
    await gallery.open();
    await expect(gallery.next).toBeHidden();
    await gallery.swipe(300, 260);
    await page.waitForTimeout(450);
    expect(await gallery.currentIndex()).toBe(0);
    await gallery.swipe(300, 200);
    await expect.poll(() => gallery.currentIndex()).toBe(1);
    await page.waitForTimeout(450);
    await gallery.swipe(100, 250);
    await expect.poll(() => gallery.currentIndex()).toBe(0);
    await expect(gallery.swipeHint).toHaveCount(0);
  });
});
