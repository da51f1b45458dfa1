import type { Page } from '@playwright/test';
import { expect, test } from '../support/browser/test-fixtures.js';
import { property, VIEWPORTS } from '../support/browser/landing-helpers.js';
import { LandingPage } from '../support/browser/pages/landing-page.js';

const attraction = (page: Page) => page.getByTestId('attraction');

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`location, ${name}`, () => {
    test.use({ viewport });

    test('the attractions advance every 6 s, wrap around, and pause on hover and focus', async ({ page }) => {
      const landing = new LandingPage(page);
      // The page's clock stands still from the start; the test moves it.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await landing.goto();
      await landing.hydrateUnderStoppedClock();
      await landing.scrollTo('location');
      await landing.islandHydrated('attractions');
      await expect(page.getByRole('region', { name: 'Nearby attractions' })).toHaveAttribute('data-running', 'true');
      await page.mouse.move(1, 1);
      const names = property.attractions.map((a) => a.name);
      await expect(attraction(page).locator('h3')).toHaveText(names[0]!);
      await page.clock.runFor(5900);
      await expect(attraction(page).locator('h3')).toHaveText(names[0]!);
      await page.clock.runFor(200);
      await expect(attraction(page).locator('h3')).toHaveText(names[1]!);
      await expect(attraction(page)).toHaveAttribute('data-direction', 'next');

      // Wraps from the last to the first.
      await page.clock.runFor(6000 * (names.length - 1));
      await expect(attraction(page).locator('h3')).toHaveText(names[0]!);

      await page.getByRole('region', { name: 'Nearby attractions' }).hover();
      await page.clock.runFor(18_000);
      await expect(attraction(page).locator('h3')).toHaveText(names[0]!);
      await page.mouse.move(1, 1);

      await page.getByRole('button', { name: 'Previous attraction' }).focus();
      await page.clock.runFor(18_000);
      await expect(attraction(page).locator('h3')).toHaveText(names[0]!);
      await page.keyboard.press('Enter');
      await expect(attraction(page).locator('h3')).toHaveText(names.at(-1)!);
      await expect(attraction(page)).toHaveAttribute('data-direction', 'previous');
    });

    test('a click on an arrow pauses the attractions for 3 s, not for good', async ({ page }) => {
      const landing = new LandingPage(page);
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await landing.goto();
      await landing.hydrateUnderStoppedClock();
      await landing.scrollTo('location');
      await landing.islandHydrated('attractions');
      await expect(page.getByRole('region', { name: 'Nearby attractions' })).toHaveAttribute('data-running', 'true');
      await page.mouse.move(1, 1);
      const names = property.attractions.map((a) => a.name);
      const shown = async () => names.indexOf((await attraction(page).locator('h3').textContent())!);
      // Find the carousel's beat on the page's own clock: step until it moves (within 100 ms of a beat).
      let steps = 0;
      while ((await shown()) === 0 && steps++ < 80) await page.clock.runFor(100);
      expect(await shown()).toBe(1);
      const next = page.getByRole('button', { name: 'Next attraction' });

      // 2.5 s before the next beat: the 3 s pause covers it, so that beat is skipped.
      await page.clock.runFor(6000 - 2500 - 100);
      await next.click();
      await page.mouse.move(1, 1);
      await expect.poll(shown).toBe(2);
      await page.clock.runFor(3000);
      expect(await shown()).toBe(2);

      // 3.5 s before the beat after: the pause is over by then, so that beat moves it.
      await page.clock.runFor(6000 - 3000 - 3500 + 2500);
      await next.click();
      await page.mouse.move(1, 1);
      await expect.poll(shown).toBe(3);
      await page.clock.runFor(3000);
      expect(await shown()).toBe(3);
      await page.clock.runFor(700);
      await expect.poll(shown).toBe(4);
    });

    test('the attractions stay still under reduced motion', async ({ page }) => {
      const landing = new LandingPage(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await landing.goto();
      // Hydrated: under reduced motion the headline is drawn whole, without its typing layer.
      await page.clock.runFor(16);
      await expect(page.getByTestId('typed-headline')).toHaveCount(0);
      await page.clock.runFor(30_000);
      await expect(attraction(page).locator('h3')).toHaveText(property.attractions[0]!.name);
    });

    test('lists Almourol Castle once, and the distances', async ({ page }) => {
      const landing = new LandingPage(page);
      await landing.goto();
      await landing.scrollTo('location');
      await landing.islandHydrated('attractions');
      // The names as the page shows them, one by one until the carousel comes round again.
      const names: string[] = [];
      const heading = attraction(page).locator('h3');
      for (let i = 0; i < 20; i++) {
        const name = (await heading.textContent())!;
        if (names[0] === name) break;
        names.push(name);
        await page.getByRole('button', { name: 'Next attraction' }).click();
        await expect(heading).not.toHaveText(name);
      }
      expect(names.filter((n) => /almourol/i.test(n))).toEqual(['Almourol Castle']);
      expect(names).toHaveLength(10);
      const rows = page.getByTestId('distances').locator('li');
      await expect(rows).toHaveCount(11);
      await expect(rows.first()).toHaveText(/Lisbon\s*150 km/);
      await expect(rows.last()).toHaveText(/Lisbon Airport\s*144 km/);
    });
  });
}
