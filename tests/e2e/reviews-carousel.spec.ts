import type { Page } from '@playwright/test';
import { seedApprovedReviews } from '../support/browser/admin-api.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { startServer } from '../support/browser/built-server.js';
import { afterGlideHome } from '../support/browser/landing-helpers.js';

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
    Array.from({ length: REVIEWS }, (_, i) => ({
      clientName: `Carousel guest ${i}`,
      rating: 5,
      comment: `Stay number ${i}`,
    })),
  );
});
test.afterAll(async () => stopServer());

const strip = (page: Page) => page.getByTestId('reviews-strip');
const scrollLeft = (page: Page) => strip(page).evaluate((el) => Math.round(el.scrollLeft));

async function open(page: Page) {
  await page.clock.install();
  await page.goto(url);
  await afterGlideHome(page);
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('review-card').first()).toBeVisible();
  // A carousel moves only while it is on screen (on a phone the form comes first).
  await strip(page).scrollIntoViewIfNeeded();
  // Its beat counts from when it is on screen (never under reduced motion): only then may the
  // test hold and move the clock.
  const moving = await page.evaluate(() => !matchMedia('(prefers-reduced-motion: reduce)').matches);
  await expect(strip(page)).toHaveAttribute('data-running', String(moving));
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

test('on a phone a tap pauses it for 3 s, then it moves on again', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  try {
    await open(page);
    // A tap sends touch events and then compatibility mouse events; only a real mouse may hold it.
    await page.getByTestId('review-card').first().tap();
    await page.clock.runFor(2900);
    await page.waitForTimeout(400);
    expect(await scrollLeft(page)).toBe(0);
    await page.clock.runFor(3100);
    await expect.poll(() => scrollLeft(page)).toBe(280);
    await page.clock.runFor(3000);
    await expect.poll(() => scrollLeft(page)).toBe(560);
  } finally {
    await context.close();
  }
});

test('a failed "load more" is not asked again on every scroll: one request, one toast, then a later try', async ({
  page,
}) => {
  let failing = true;
  let pageRequests = 0;
  await page.route('**/api/reviews?*cursor=*', async (route) => {
    pageRequests += 1;
    if (failing)
      await route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again later.' } },
      });
    else await route.continue();
  });
  await open(page);
  const previous = page.getByRole('button', { name: 'Previous reviews' });
  const toEnd = async () => {
    await strip(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
    await expect(previous).toBeVisible();
  };
  const toStart = async () => {
    await strip(page).evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
    await expect(previous).toHaveCount(0);
  };
  const toasts = page.getByRole('alert').filter({ hasText: 'Error loading reviews.' });
  await toEnd();
  await expect(toasts).toHaveCount(1);
  await expect.poll(() => pageRequests).toBe(1);
  for (let i = 0; i < 4; i++) {
    await toStart();
    await toEnd();
  }
  expect(pageRequests).toBe(1);
  await expect(toasts).toHaveCount(1);

  // After the wait (2 s after the first failure) a scroll tries again; a second failure adds no toast.
  await page.clock.runFor(2100);
  await toStart();
  await toEnd();
  await expect.poll(() => pageRequests).toBe(2);
  await toStart();
  await toEnd();
  expect(pageRequests).toBe(2);
  await expect(toasts).toHaveCount(1);

  // The wait has doubled to 4 s; then the next page arrives (and, still near the end, the one after).
  failing = false;
  await page.clock.runFor(4100);
  await toStart();
  await toEnd();
  await expect.poll(() => page.getByTestId('review-card').count()).toBeGreaterThanOrEqual(12);
  expect(pageRequests).toBeGreaterThanOrEqual(3);
});
