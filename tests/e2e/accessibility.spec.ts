import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/browser/test-fixtures.js';
import { afterGlideHome, VIEWPORTS } from '../support/browser/landing-helpers.js';
import { TEST_ADMIN_PASSWORD } from '../support/browser/built-server.js';
import { LOGIN_TIMEOUT_MS } from '../support/browser/admin-login.js';

/** Serious and critical violations on the page, outside `exclude` (a selector) when given. */
async function seriousViolations(page: Page, exclude?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`accessibility, ${name}`, () => {
    test('/ has no serious or critical axe violation', async ({ browser, server }) => {
      // Reduced motion: every section is drawn at once, so contrast is measured on what people see.
      const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto('/');
      // Bring in everything that loads as the visitor scrolls: the calendar, the booking form and
      // the reviews, each while the visitor is near it.
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('availability-calendar')).toBeVisible();
      await page.getByRole('form', { name: 'Booking inquiry' }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('form', { name: 'Booking inquiry' })).toBeVisible();
      await page.locator('#reviews').scrollIntoViewIfNeeded();
      await expect(page.getByRole('form', { name: 'Share Your Experience' })).toBeVisible();
      await expect(page.locator('header').first()).toHaveAttribute('data-solid', 'true');
      expect(await seriousViolations(page)).toEqual([]);
      // The booking form's calendar, open.
      const form = page.getByRole('form', { name: 'Booking inquiry' });
      await form.getByLabel('Check-in', { exact: true }).click();
      await expect(form.getByRole('dialog', { name: 'Choose the arrival day' }).getByRole('grid')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    test('/privacy and /pt/privacy have no serious or critical axe violation', async ({ browser, server }) => {
      const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      for (const path of ['/privacy', '/pt/privacy']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await context.close();
    });

    test('the map placeholder and the shown map have no serious or critical axe violation', async ({
      browser,
      server,
    }) => {
      const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      // Offline here: Google's address is refused, the frame itself is what is checked.
      await page.route('https://www.google.com/**', (route) => route.abort());
      await page.goto('/');
      // After the page's own glide to its top, which would otherwise bring the header back over the hero.
      await afterGlideHome(page);
      await page.locator('#location').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('map-placeholder')).toBeVisible();
      // The header turns solid once its island runs: until then it is the hero's, transparent.
      await expect(page.locator('header').first()).toHaveAttribute('data-solid', 'true');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Show map' }).click();
      await expect(page.getByRole('button', { name: 'Forget', exact: true })).toBeVisible();
      expect(await seriousViolations(page, '#location iframe')).toEqual([]);
      await context.close();
    });

    test('/login and /admin have no serious or critical axe violation', async ({ browser, server }) => {
      const context = await browser.newContext({ baseURL: server.url, viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto('/login');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Password').fill(TEST_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByRole('heading', { name: 'Manage Reviews' })).toBeVisible({ timeout: LOGIN_TIMEOUT_MS });
      await expect(page.getByText('Loading reviews...')).toHaveCount(0);
      const calendar = page.getByRole('region', { name: 'Calendar' });
      await expect(calendar.getByTestId('availability-calendar')).toBeVisible();
      await expect(calendar.getByText('Loading blocks...')).toHaveCount(0);
      await expect(calendar.getByText('Loading feeds...')).toHaveCount(0);
      await expect(calendar.getByText('Loading the export URL...')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  });
}

for (const path of ['/', '/privacy'])
  test(`landmarks, one h1 and headings in order on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    const levels = await page.locator('h1, h2, h3, h4').evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]!).toBeLessThanOrEqual(1));
  });

test('every control is reachable by keyboard with a visible focus', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/');
  const seen = new Set<string>();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
      return {
        label: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName,
        ring,
        shadow: style.boxShadow !== 'none',
      };
    });
    if (!info) continue;
    seen.add(info.label);
    expect(info.ring || info.shadow, `focus on "${info.label}" is visible`).toBe(true);
  }
  for (const label of ['Home', 'Gallery', 'Book Now', 'CHECK AVAILABILITY', 'All', 'Kitchen'])
    expect(seen).toContain(label);
});
