import { expect, test } from '../support/browser/test-fixtures.js';
import { property, VIEWPORTS } from '../support/browser/landing-helpers.js';
import { LandingPage } from '../support/browser/pages/landing-page.js';

const SECTIONS = [
  ['Home', 'home', 0],
  ['About', 'about', 0],
  ['Gallery', 'gallery', 100],
  ['Amenities', 'amenities', 0],
  ['Location', 'location', 0],
  ['Contact', 'contact', 0],
] as const;

test.describe('desktop header', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('each link scrolls to its section, the Gallery with a 100 px offset', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.gotoWithHeader();
    const { nav } = landing;
    for (const [label, id, offset] of SECTIONS.toReversed()) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      expect(await landing.settledTop(id), `${label} top`).toBe(id === 'home' ? 0 : offset);
    }
  });

  test('Book Now scrolls to the contact section with a 60 px offset', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.gotoWithHeader();
    await landing.nav.getByRole('link', { name: 'Book Now' }).click();
    expect(await landing.settledTop('contact')).toBe(60);
  });

  test('the scroll-down arrow and the hamburger are hidden from 768 px wide', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.gotoWithHeader();
    await expect(page.getByRole('link', { name: 'Scroll down to About' })).toBeHidden();
    await expect(landing.menuButton).toBeHidden();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('the hamburger opens a drawer with the links, Book Now and the shortcuts', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.gotoWithHeader();
    await expect(landing.nav).toBeHidden();
    const hamburger = landing.menuButton;
    await hamburger.click();
    await expect(landing.menu).toBeVisible();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    const box = await landing.menu.boundingBox();
    expect(box!.x + box!.width).toBeCloseTo(VIEWPORTS.mobile.width, 0);
    for (const [label] of SECTIONS)
      await expect(landing.menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(landing.menu.getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      `tel:${property.contact.phone.replace(/[^+0-9]/g, '')}`,
    );
    await expect(landing.menu.getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      `mailto:${property.contact.email}`,
    );
    const instagram = landing.menu.getByRole('link', { name: 'Instagram' });
    await expect(instagram).toHaveAttribute('href', property.contact.instagramUrl);
    await expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('closes with the close button, the backdrop and Escape, giving focus back to the hamburger', async ({
    page,
  }) => {
    const landing = new LandingPage(page);
    await landing.gotoWithHeader();
    const hamburger = landing.menuButton;

    await hamburger.click();
    await landing.menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(landing.menu).toBeHidden();
    await expect(hamburger).toBeFocused();

    await hamburger.click();
    await page.mouse.click(20, 400); // the dimmed backdrop, left of the drawer
    await expect(landing.menu).toBeHidden();
    await expect(hamburger).toBeFocused();

    await hamburger.click();
    await page.keyboard.press('Escape');
    await expect(landing.menu).toBeHidden();
    await expect(hamburger).toBeFocused();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  test('keeps focus inside while open', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.gotoWithHeader();
    await landing.openMenu();
    await expect(landing.menu).toBeVisible();
    // Number the drawer's stops, then follow Tab: each press lands on the next stop, round and
    // round. Only at the wrap may one press rest on the browser's own UI (the document body here);
    // it never lands on the page behind.
    const count = await landing.menu.evaluate((dialog) => {
      const stops = [
        ...dialog.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])',
        ),
      ];
      stops.forEach((el, i) => (el.dataset.stop = String(i)));
      return stops.length;
    });
    expect(count).toBeGreaterThan(3);
    const where = () =>
      page.evaluate(() =>
        document.activeElement === document.body
          ? 'body'
          : ((document.activeElement as HTMLElement | null)?.dataset.stop ?? 'outside'),
      );
    let at = Number(await where());
    expect(at).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < count * 2 + 2; i++) {
      await page.keyboard.press('Tab');
      let now = await where();
      if (now === 'body') {
        expect(at, 'only the wrap from the last stop may pass through the browser').toBe(count - 1);
        await page.keyboard.press('Tab');
        now = await where();
      }
      expect(now).toBe(String((at + 1) % count));
      at = Number(now);
    }
  });

  test('a link scrolls to its section and closes the drawer; the Gallery keeps its 100 px offset', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.gotoWithHeader();
    for (const [label, id, offset] of [SECTIONS[2], SECTIONS[4]]) {
      await landing.openMenu();
      await landing.menu.getByRole('link', { name: label, exact: true }).click();
      await expect(landing.menu).toBeHidden();
      expect(await landing.settledTop(id)).toBe(offset);
    }
  });

  test('Book Now jumps to the contact anchor and closes the drawer', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.gotoWithHeader();
    await landing.openMenu();
    await landing.menu.getByRole('link', { name: 'Book Now' }).click();
    await expect(landing.menu).toBeHidden();
    await expect(page).toHaveURL(/#contact$/);
    const top = await landing.settledTop('contact');
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThanOrEqual(70);
  });

  test('the scroll-down arrow shows under 768 px and leads to About', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.gotoWithHeader();
    const arrow = page.getByRole('link', { name: 'Scroll down to About' });
    await expect(arrow).toBeVisible();
    await arrow.click();
    expect(await landing.settledTop('about')).toBe(0);
  });
});
