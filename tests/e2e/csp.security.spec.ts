import type { Locator, Page } from '@playwright/test';
import { seedApprovedReviews, submitInquiry, submitReview } from '../support/browser/admin-api.js';
import { recordCspViolations } from '../support/browser/csp-recorder.js';
import { dayButton, isoDay, openCalendar } from '../support/browser/date-picker.js';
import { expect, test } from '../support/browser/test-fixtures.js';
import { islandHydrated, property, VIEWPORTS } from '../support/browser/landing-helpers.js';
import { type BuiltServer, startServer } from '../support/browser/built-server.js';
import { logInAfterAWrongPassword } from '../support/browser/admin-login.js';

// The site must work under its own Content-Security-Policy: every part of it, including those that
// load only when scrolled near or used, runs here and the browser reports no violation at all.

const LONG_REVIEW = {
  clientName: 'Helena Approved',
  rating: 5,
  comment: `${'The lake at dawn, the quiet, the kitchen with everything we needed. '.repeat(4)}We will be back.`,
};
const PENDING_REVIEW = { clientName: 'Rui Pending', rating: 4, comment: 'Lovely, waiting for approval.' };
const INQUIRY = { name: 'Sofia Inquiry', email: 'sofia@example.com', guests: 2, message: 'Is the canoe free in May?' };

let server: BuiltServer;

test.beforeAll(async () => {
  // Its own database: an approved review here must not show up in other files' carousels.
  server = await startServer();
  await seedApprovedReviews(server.url, [LONG_REVIEW]);
  await submitReview(server.url, PENDING_REVIEW);
  await submitInquiry(server.url, INQUIRY);
});
test.afterAll(async () => {
  await server.stop();
});

const bookingForm = (page: Page) => page.getByRole('form', { name: 'Booking inquiry' });

/** A page whose stylesheet was refused still shows its text; its layout is what tells. */
const computed = (locator: Locator, name: 'position' | 'display') =>
  locator.evaluate((el, n) => getComputedStyle(el)[n], name);

async function pickDay(page: Page, label: string, date: Date, nextMonths: number) {
  const calendar = await openCalendar(bookingForm(page), label, nextMonths);
  await expect(calendar.locator('.rdp-root')).toBeVisible();
  await dayButton(calendar, isoDay(date)).click();
}

test('the recorder itself sees a violation, both in the console and as an event', async ({ page }) => {
  const csp = await recordCspViolations(page);
  await csp.goto(`${server.url}/`);
  await expect(page.locator('h1')).toContainText(property.hero.headline);
  // An inline script and an inline handler: both refused by the policy, so both must be recorded.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.ranInline = true';
    document.body.append(script);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.ranInline = true');
    img.src = '/no-such-image.png';
    document.body.append(img);
  });
  await expect.poll(async () => (await csp.violations()).length).toBeGreaterThanOrEqual(4);
  const found = await csp.violations();
  expect(found.filter((v) => v.startsWith('console ')).length).toBeGreaterThanOrEqual(2);
  expect(found.some((v) => v.startsWith('event script-src-elem'))).toBe(true);
  expect(found.some((v) => v.startsWith('event script-src-attr'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { ranInline?: boolean }).ranInline)).toBeUndefined();
});

test('/ top to bottom on a desktop: every section, the lightbox, the date pickers, the booking form and the reviews', async ({
  page,
  consoleErrors,
}) => {
  const csp = await recordCspViolations(page);
  await csp.goto(`${server.url}/`);
  await expect(page.locator('h1')).toContainText(property.hero.headline);
  await expect(page.getByTestId('typed-text')).toHaveText(property.hero.headline);
  expect(await computed(page.locator('header').first(), 'position')).toBe('fixed');
  const hero = page.locator('#home picture img');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.locator('#about').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: property.about.heading })).toBeVisible();

  // The gallery, and a photo in the lightbox (its code and its large image load on the click).
  await page.locator('#gallery').scrollIntoViewIfNeeded();
  await page.getByTestId('gallery-item').first().click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.locator('figcaption')).toContainText(`(2 / ${property.gallery.length})`);
  await expect
    .poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.locator('#amenities').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('amenity')).toHaveCount(property.amenities.length);

  // The map frame, once asked for, is allowed by frame-src; that it cannot reach Google offline is no violation.
  await page.locator('#location').scrollIntoViewIfNeeded();
  await page.locator('#location').getByRole('button', { name: 'Show map' }).click();
  await expect(page.locator('#location iframe')).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?/);
  await expect(page.getByTestId('attraction').locator('h3')).toHaveText(property.attractions[0]!.name);

  // The booking form, both date pickers, and a real submission (fetch under connect-src).
  await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = bookingForm(page);
  await form.getByLabel('Full Name').fill('Walter Through');
  await form.getByLabel('Email').fill('walter@example.com');
  const now = new Date();
  await pickDay(page, 'Check-in', new Date(now.getFullYear(), now.getMonth() + 1, 10), 1);
  // The check-out calendar opens on the check-in's month.
  await pickDay(page, 'Check-out', new Date(now.getFullYear(), now.getMonth() + 1, 14), 0);
  await expect(form.getByLabel('Check-out')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();

  // The reviews: the carousel with the approved one, its Read more, and the review form's submission.
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const card = page.getByTestId('review-card').filter({ hasText: LONG_REVIEW.clientName });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Read more' }).click();
  await expect(card.getByText(`“${LONG_REVIEW.comment}”`)).toBeVisible();
  const reviewForm = page.getByRole('form', { name: 'Share Your Experience' });
  await reviewForm.getByLabel('Name').fill('Walter Reviewer');
  await reviewForm.getByLabel('Your review').fill('Calm and clean.');
  await reviewForm.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your review!' })).toBeVisible();

  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('footer-year')).toHaveText(String(new Date().getFullYear()));

  expect(await csp.violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: VIEWPORTS.mobile, hasTouch: true, isMobile: true });

  test('/ with the mobile menu and the sections that load on scroll', async ({ page, consoleErrors }) => {
    const csp = await recordCspViolations(page);
    await csp.goto(`${server.url}/`);
    await expect(page.locator('h1')).toContainText(property.hero.headline);
    await islandHydrated(page, 'header');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Gallery', exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(bookingForm(page)).toBeVisible();
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('review-card').filter({ hasText: LONG_REVIEW.clientName })).toBeVisible();
    expect(await csp.violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test('/login, a login, and /admin with its reviews and inquiries panels', async ({ page, consoleErrors }) => {
  const csp = await recordCspViolations(page);
  await csp.goto(`${server.url}/login`);
  await expect(page.getByRole('heading', { name: 'Administrative Access' })).toBeVisible();
  expect(await computed(page.locator('main'), 'display')).toBe('flex');
  await logInAfterAWrongPassword(page);

  await expect(page.getByRole('heading', { name: 'Manage Reviews' })).toBeVisible();
  await expect(page.getByTestId('admin-review').filter({ hasText: LONG_REVIEW.clientName })).toBeVisible();
  await page.getByRole('button', { name: 'Pending', exact: true }).click();
  const pending = page.getByTestId('admin-review').filter({ hasText: PENDING_REVIEW.clientName });
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Review approved successfully!' })).toBeVisible();
  // The confirmation dialog, opened and cancelled: nothing is deleted.
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page
    .getByTestId('admin-review')
    .filter({ hasText: LONG_REVIEW.clientName })
    .getByRole('button', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this review?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('heading', { name: 'Inquiries', exact: true })).toBeVisible();
  const inquiry = page.getByTestId('admin-inquiry').filter({ hasText: INQUIRY.name });
  await expect(inquiry).toContainText(INQUIRY.message);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(inquiry).toContainText(INQUIRY.email);

  expect(await csp.violations()).toEqual([]);
  // The wrong password's answer is the only error.
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
});

test('an unknown path: the server redirects it home, where the landing page renders under the CSP', async ({
  page,
  consoleErrors,
}) => {
  const csp = await recordCspViolations(page);
  const answer = await page.request.get(`${server.url}/no/such/page`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe('/');
  await csp.goto(`${server.url}/no/such/page`);
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.locator('h1')).toContainText(property.hero.headline);
  expect(await computed(page.locator('header').first(), 'position')).toBe('fixed');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(bookingForm(page)).toBeVisible();
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('review-card').filter({ hasText: LONG_REVIEW.clientName })).toBeVisible();
  expect(await csp.violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
