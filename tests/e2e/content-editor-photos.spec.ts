import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ContentEditor } from '../support/browser/pages/content-editor.js';
import { ContentEditorPhotos } from '../support/browser/pages/content-editor-photos.js';
import { heicHeader } from '../support/server/photo-files.js';
import { expect, test } from '../support/browser/test-fixtures.js';

/**
 * A photo with detail in every pixel: Chromium leaves images of very few bits per pixel (a flat
 * colour) out of the largest contentful paint, so the hero must look like a photo.
 */
async function photoLikeJpeg(): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const seed = Math.sin(i * 12.9898) * 43758.5453;
    const grain = Math.floor((seed - Math.floor(seed)) * 90);
    pixels[i] = (x / 8 + grain) & 255;
    pixels[i + 1] = 120 + grain;
    pixels[i + 2] = 160 + (grain >> 1);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * The hero's image as the browser drew it: its current source once loaded, and whether the
 * variant came from the preload. (Chromium leaves an image that covers the whole viewport, as the
 * hero does, out of the largest contentful paint, whose element is then the headline: measured
 * with a PerformanceObserver on the demo's own hero too, so the check reads the hero itself.)
 */
async function heroImage(page: Page): Promise<{ src: string; loaded: boolean; preloaded: boolean }> {
  return page.evaluate(() => {
    const image = document.querySelector<HTMLImageElement>('#home picture img');
    const src = image?.currentSrc ?? '';
    const fetched = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      src,
      loaded: Boolean(image?.complete && image.naturalWidth > 0),
      preloaded: fetched.some((entry) => entry.name === src && entry.initiatorType === 'link'),
    };
  });
}

test('the owner uploads a photo, makes it the hero with its alt texts, moves it by keyboard and publishes; the guest’s hero is that photo, preloaded', async ({
  page,
  startServer,
}) => {
  test.setTimeout(120_000);
  const server = await startServer();
  const editor = new ContentEditor(page);
  await editor.open(server.url);
  const photos = new ContentEditorPhotos(page);
  const before = await photos.order();
  expect(before.length).toBeGreaterThan(3);

  // Two at once: an iPhone's HEIC, refused with the catalog's text, and a JPEG.
  await photos.add([
    { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heicHeader() },
    { name: 'dock.jpg', mimeType: 'image/jpeg', buffer: await photoLikeJpeg() },
  ]);
  const refused = photos.uploads.getByRole('listitem').filter({ hasText: 'IMG_0001.HEIC' });
  await expect(refused.getByRole('alert')).toContainText('HEIC', { timeout: 30_000 });
  await expect(photos.photos).toHaveCount(before.length + 1, { timeout: 60_000 });
  const [id] = (await photos.order()).filter((photo) => !before.includes(photo));
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  // A retry sends the file again, and is refused again.
  await refused.getByRole('button', { name: 'Retry IMG_0001.HEIC' }).click();
  await expect(refused.getByRole('alert')).toContainText('HEIC', { timeout: 30_000 });

  const last = before.length + 1;
  const card = photos.photo(id!);
  await card.getByLabel(`Photo ${last} is the hero`).check();
  await card.getByLabel(`Photo ${last}: alt text (English)`).fill('The wooden dock at first light');
  await card
    .getByLabel(`Photo ${last}: alt text (European Portuguese, optional)`)
    .fill('O cais de madeira ao amanhecer');
  await card.getByLabel(`Photo ${last}: category`).selectOption('lake');

  await photos.moveUpByKeyboard(last, 2);
  const moved = await photos.order();
  expect(moved.indexOf(id!)).toBe(last - 3);
  expect(moved.filter((photo) => photo !== id)).toEqual(before);

  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="photos-heading"]').analyze();
  expect(axe.violations).toEqual([]);

  await editor.publish();
  await expect(editor.status).toContainText('Live: version 2. No draft.', { timeout: 30_000 });
  // The draft was saved as the editor showed it: the photo in its new place, as the hero.
  expect(await photos.order()).toEqual(moved);
  await expect(photos.photo(id!).getByLabel(`Photo ${last - 2} is the hero`)).toBeChecked();

  const guest = await page.context().newPage();
  await guest.goto(`${server.url}/`);
  await expect(guest.locator(`link[rel="preload"][as="image"][imagesrcset*="/photos/${id}-"]`)).toHaveCount(1);
  await expect
    .poll(() => heroImage(guest), { timeout: 15_000 })
    .toEqual({ src: expect.stringContaining(`/photos/${id}-`), loaded: true, preloaded: true });
  await guest.goto(`${server.url}/pt/`);
  await expect(guest.locator('meta[property="og:image:alt"]')).toHaveAttribute(
    'content',
    'O cais de madeira ao amanhecer',
  );
  await guest.close();
});

test('a photo taken out of the gallery can be put back, or deleted from the store for good', async ({
  page,
  startServer,
}) => {
  const server = await startServer();
  const editor = new ContentEditor(page);
  await editor.open(server.url);
  const photos = new ContentEditorPhotos(page);
  const before = await photos.order();
  const small = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#b07040' } })
    .jpeg()
    .toBuffer();
  await photos.add([{ name: 'boat.jpg', mimeType: 'image/jpeg', buffer: small }]);
  await expect(photos.photos).toHaveCount(before.length + 1, { timeout: 60_000 });
  const [id] = (await photos.order()).filter((photo) => !before.includes(photo));

  const unused = photos.section.getByTestId('unused-photo');
  await photos
    .photo(id!)
    .getByRole('button', { name: `Remove photo ${before.length + 1}` })
    .click();
  await expect(photos.photos).toHaveCount(before.length);
  await expect(unused).toHaveCount(1);
  await photos.section.getByRole('button', { name: 'Add unused photo 1 to the gallery' }).click();
  await expect(photos.photo(id!)).toBeVisible();
  await expect(unused).toHaveCount(0);

  await photos
    .photo(id!)
    .getByRole('button', { name: `Remove photo ${before.length + 1}` })
    .click();
  await photos.section.getByRole('button', { name: 'Delete unused photo 1' }).click();
  await expect(unused).toHaveCount(0);
  const library = await page.request.get(`${server.url}/api/admin/content/photos`);
  const ids = ((await library.json()) as { items: { id: string }[] }).items.map((item) => item.id);
  expect(ids).not.toContain(id);
  expect(ids).toContain(before[0]);
  expect(await photos.order()).toEqual(before);
});
