import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/browser/test-fixtures.js';
import { type BuiltServer, startServer } from '../support/browser/built-server.js';
import { buildForContent } from '../support/browser/content-build.js';
import { addDays } from '../../src/shared/date-ranges.js';
import { pickStay } from '../support/browser/date-picker.js';
import sharp from 'sharp';
import { darken } from '../../scripts/real-photo-content.js';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, 'dist-test/other-house');

test.describe.configure({ timeout: 180_000 });
let server: BuiltServer;
let contentDir: string;

test.beforeAll(async () => {
  // A different owner's folder: their content file and their photos, and no change to the code.
  // Their hero photo is dark and low in detail, as an owner's photo at dusk can be: the browser
  // does not take it as the largest paint, so the headline is (the first-paint test below).
  contentDir = mkdtempSync(join(tmpdir(), 'estadia-other-house-'));
  mkdirSync(join(contentDir, 'photos'));
  copyFileSync(join(ROOT, 'tests/support/fixtures/other-house/property.json'), join(contentDir, 'property.json'));
  await darken(sharp(join(ROOT, 'content/photos/lake-04.jpg')))
    .jpeg({ quality: 92 })
    .toFile(join(contentDir, 'photos', 'view.jpg'));
  for (const [from, to] of [
    ['exterior-03.jpg', 'house.jpg'],
    ['bedrooms-02.jpg', 'room.jpg'],
  ]) {
    copyFileSync(join(ROOT, 'content/photos', from!), join(contentDir, 'photos', to!));
  }
  const { entry } = buildForContent(contentDir, OUT, { quiet: true });
  server = await startServer({ env: { CONTENT_DIR: contentDir }, entry });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(OUT, { recursive: true, force: true });
  rmSync(contentDir, { recursive: true, force: true });
});

test('a second content folder builds a different house with no code change', async ({ page }) => {
  await page.goto(server.url);
  await expect(page).toHaveTitle('Quinta da Serra - Mountain House in Serra da Estrela');
  await expect(page.locator('h1')).toContainText('Granite walls and mountain air');
  await expect(page.getByRole('heading', { name: 'About the Farmhouse' })).toBeVisible();
  await expect(page.getByTestId('amenity')).toHaveCount(2);
  await expect(page.getByTestId('gallery-item')).toHaveCount(3);
  await expect(page.getByText('Ready to experience Quinta da Serra? Send us your booking request!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'reservas@quinta-da-serra.example' })).toHaveAttribute(
    'href',
    'mailto:reservas@quinta-da-serra.example',
  );
  await expect(page.getByText('Check-in: 16:00 - 21:00')).toBeVisible();
  await expect(page.getByTestId('registration-number')).toHaveText('Registration (AL) no. 98765/AL');
  expect(await page.locator('body').innerText()).not.toMatch(/Casa do Lago|Castelo de Bode|154321/);

  // Its privacy page names this house as responsible, with its own address.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByTestId('controller-name')).toHaveText('Quinta da Serra');
  await expect(page.getByRole('link', { name: 'reservas@quinta-da-serra.example' })).toHaveAttribute(
    'href',
    'mailto:reservas@quinta-da-serra.example',
  );
  expect(await page.locator('body').innerText()).not.toMatch(/Casa do Lago|154321/);
});

test("the guest limit is the content file's capacity: 9 guests are accepted, 10 refused with the guests message", async ({
  page,
}) => {
  await page.goto(server.url);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Booking inquiry' });
  const guests = form.getByLabel('Guests');
  await expect(guests).toHaveAttribute('max', '9');

  // The page's own check: 10 is out of range and nothing is sent.
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/inquiries')) posts += 1;
  });
  await form.getByLabel('Full Name').fill('Nine Friends');
  await form.getByLabel('Email').fill('nine@example.com');
  await guests.fill('10');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect(await guests.evaluate((el: HTMLInputElement) => el.validity.rangeOverflow)).toBe(true);
  expect(posts).toBe(0);

  // The server's check, for a request that skips the page.
  const refused = await page.request.post(`${server.url}/api/inquiries`, {
    data: { name: 'Ten Friends', email: 'ten@example.com', guests: 10 },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    error: { code: 'invalid_field', message: 'Guests must be a whole number from 1 to 9', field: 'guests' },
  });

  await guests.fill('9');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  expect(posts).toBe(1);
});

test('a house without prices shows no estimate and states no price', async ({ page }) => {
  const estimateChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/quote-estimate-[^/]*\.js$/.test(request.url())) estimateChunks.push(request.url());
  });
  await page.goto(server.url);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Booking inquiry' });
  // The page runs in UTC (playwright.config.ts).
  const today = new Date().toISOString().slice(0, 10);
  const checkIn = addDays(today, 7);
  await form.getByLabel('Guests').fill('6');
  await pickStay(form, { checkIn, checkOut: addDays(checkIn, 3), today });
  await expect(form.getByLabel('Check-out', { exact: true })).not.toHaveValue('');

  // With the demo's prices the same steps show the estimate (quote.spec.ts); here its code is not even fetched.
  await expect(form.getByRole('region', { name: 'Estimated price' })).toHaveCount(0);
  await expect(form.locator('[aria-live]')).toHaveCount(0);
  expect(estimateChunks).toEqual([]);
  expect(await page.locator('#contact').innerText()).not.toMatch(/€|Total/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
    string,
    unknown
  >;
  expect(jsonLd['@type']).toBe('VacationRental');
  expect(jsonLd).not.toHaveProperty('makesOffer');
  expect(jsonLd).not.toHaveProperty('priceRange');
});

interface Paints {
  firstPaint: number | undefined;
  largest: Array<{ time: number; inHeadline: boolean; url: string }>;
}

test('on a phone, with a dark hero photo, the headline is the largest paint, painted once at its full size at the first paint', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(server.url);
  const photo = page.locator('#home img');
  // The photo has arrived and been drawn: had the browser taken it as the largest paint, it would be listed by now.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const paints = await page.evaluate(
    () =>
      new Promise<Paints>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve({
            firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
            largest: list.getEntries().map((entry) => {
              const lcp = entry as PerformanceEntry & { element: Element | null; url: string };
              return { time: lcp.startTime, inHeadline: !!lcp.element?.closest('#hero-heading'), url: lcp.url };
            }),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  expect(paints.firstPaint).toBeGreaterThan(0);
  // The headline, not the photo, is the largest paint, and it is painted once at its full size:
  // no fade or typing makes a later, larger paint of it. It is in the first contentful paint, as
  // nothing fades it (docs/decisions/0049-the-headline-is-not-faded.md).
  expect(paints.largest).toHaveLength(1);
  expect(paints.largest[0]).toMatchObject({ inHeadline: true, url: '' });
  expect(paints.largest[0]!.time).toBe(paints.firstPaint);
});
