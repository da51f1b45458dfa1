import type { Page } from '@playwright/test';
import { seedApprovedReviews } from './api-helpers.js';
import { expect, test } from './fixtures.js';
import { startServer } from './server.js';

// Its own server, so the number of approved reviews is known exactly.
const REVIEWS = 14;
test.describe.configure({ mode: 'serial' });
let url: string;
let stopServer: () => Promise<void>;

test.beforeAll(async () => {
  const server = await startServer();
  url = server.url;
  stopServer = server.stop;
  await seedApprovedReviews(
    url,
    Array.from({ length: REVIEWS }, (_, i) => ({ clientName: `Carousel guest ${i}`, rating: 5, comment: `Stay number ${i}` })),
  );
});
test.afterAll(async () => stopServer());

const strip = (page: Page) => page.getByTestId('reviews-strip');
const scrollLeft = (page: Page) => strip(page).evaluate((el) => Math.round(el.scrollLeft));

async function open(page: Page) {
  await page.clock.install();
  await page.goto(url);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('review-card').first()).toBeVisible();
  // From here on the page's timers move only when the test says so.
  await page.clock.pauseAt(Date.now() + 1000);
}

test('shows 6 cards, then loads 6 more each time it nears the end', async ({ page }) => {
  await open(page);
  await expect(page.getByTestId('review-card')).toHaveCount(6);
  await strip(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
  await expect(page.getByTestId('review-card')).toHaveCount(12);
  await strip(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
  await expect(page.getByTestId('review-card')).toHaveCount(REVIEWS);
  await expect(page.getByTestId('review-card').last()).toContainText('Carousel guest 0');
});

test('desktop arrows follow the 10 px rule and move one 320 px step', async ({ page }) => {
  await open(page);
  const previous = page.getByRole('button', { name: 'Previous reviews' });
  const next = page.getByRole('button', { name: 'Next reviews' });
  await expect(previous).toHaveCount(0);
  await expect(next).toBeVisible();
  await next.click();
  await expect.poll(() => scrollLeft(page)).toBe(320);
  await expect(previous).toBeVisible();
  // Snapping would pull these small offsets back to a card edge; the threshold is what is tested here.
  await strip(page).evaluate((el) => (el.style.scrollSnapType = 'none'));
  await strip(page).evaluate((el) => el.scrollTo({ left: 10, behavior: 'instant' }));
  await expect(previous).toHaveCount(0);
  await strip(page).evaluate((el) => el.scrollTo({ left: 11, behavior: 'instant' }));
  await expect(previous).toBeVisible();
});

test('auto-advances every 3 s by 320 px on desktop and wraps to the start at the end', async ({ page }) => {
  await open(page);
  expect(await scrollLeft(page)).toBe(0);
  await page.clock.runFor(3000);
  await expect.poll(() => scrollLeft(page)).toBe(320);
  await page.clock.runFor(3000);
  await expect.poll(() => scrollLeft(page)).toBe(640);
  // Drive it to the end of what is loaded, wait out the pause, and it wraps.
  await strip(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
  await expect(page.getByTestId('review-card')).toHaveCount(12);
  await strip(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
  await expect(page.getByTestId('review-card')).toHaveCount(REVIEWS);
  await strip(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
  await page.clock.runFor(3000);
  await expect.poll(() => scrollLeft(page)).toBe(0);
});

test('steps 280 px under 768 px wide, and hides the arrows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  await expect(page.getByRole('button', { name: 'Next reviews' })).toBeHidden();
  await page.clock.runFor(3000);
  await expect.poll(() => scrollLeft(page)).toBe(280);
});

test('pauses for 3 s after an arrow or a scroll, and while hovered', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Next reviews' }).click();
  await page.mouse.move(5, 5);
  await expect.poll(() => scrollLeft(page)).toBe(320);
  // The tick at 3 s falls inside the pause; the one at 6 s does not.
  await page.clock.runFor(3000);
  await page.waitForTimeout(400);
  expect(await scrollLeft(page)).toBe(320);
  await page.clock.runFor(3000);
  await expect.poll(() => scrollLeft(page)).toBe(640);

  await strip(page).hover();
  await page.clock.runFor(9000);
  await page.waitForTimeout(400);
  expect(await scrollLeft(page)).toBe(640);
  // Leaving resumes after the 1 s resume delay.
  await page.mouse.move(5, 5);
  await page.clock.runFor(3000);
  await expect.poll(() => scrollLeft(page)).toBe(960);

  // A wheel scroll (with the pointer elsewhere by now) pauses it the same way.
  await strip(page).dispatchEvent('wheel', { deltaX: 1 });
  await page.clock.runFor(2900);
  await page.waitForTimeout(400);
  expect(await scrollLeft(page)).toBe(960);
  await page.clock.runFor(3100);
  await expect.poll(() => scrollLeft(page)).toBe(1280);
});

test('does not auto-advance when the visitor prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page);
  await page.clock.runFor(12_000);
  await page.waitForTimeout(400);
  expect(await scrollLeft(page)).toBe(0);
});
