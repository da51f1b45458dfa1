import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PhotoListSchema, PhotoUploadResultSchema } from '../../shared/photos.js';
import { heicHeader, twoColours, upload } from '../../../tests/support/server/photo-files.js';
import { createTestApp, json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { uploadedImages } from './manifest.js';

let t: TestApp;
let cookie: string;
beforeEach(async () => {
  t = await createTestApp();
  cookie = await login(t.app);
});
afterEach(() => t.close());

async function variantsOf(id: string) {
  const image = (await uploadedImages(t.app.db))[id];
  if (!image) throw new Error(`no manifest entry for ${id}`);
  return { image, sources: [...image.avif, ...image.webp, ...image.jpeg] };
}

async function fetchVariant(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response;
}

describe('photo uploads', () => {
  it('strips the camera, the GPS position and the XMP from every variant, after turning the photo upright', async () => {
    // 600×400, red on the left; EXIF orientation 6 means "turn 90° clockwise to show".
    const photo = await twoColours(600, 400)
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Apple', Model: 'iPhone 15 Pro' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .jpeg()
      .toBuffer();
    const source = await sharp(photo).metadata();
    expect(source.exif?.toString('latin1')).toContain('iPhone 15 Pro');
    expect(source.orientation).toBe(6);

    const response = await upload(t.app, cookie, [{ name: 'IMG_0001.jpg', bytes: photo, type: 'image/jpeg' }]);
    expect(response.statusCode, response.body).toBe(200);
    const [item] = PhotoUploadResultSchema.parse(response.json()).items;
    expect(item).toMatchObject({ width: 400, height: 600 });

    const { image, sources } = await variantsOf(item?.id ?? '');
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(sources).toHaveLength(3);
    for (const { url } of sources) {
      const bytes = (await fetchVariant(url)).rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.icc, url).toBeUndefined();
      expect(meta.orientation, url).toBeUndefined();
      expect([meta.width, meta.height], url).toEqual([400, 600]);
      // Turned clockwise, the red left half is now the top half.
      const { data } = await sharp(bytes)
        .extract({ left: 200, top: 100, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data[0], url).toBeGreaterThan(200);
      expect(data[2], url).toBeLessThan(60);
    }
  });

  it('goes by the bytes, not the name or the content type', async () => {
    const jpeg = await twoColours(500, 300).jpeg().toBuffer();
    const png = await twoColours(300, 500).png().toBuffer();
    const response = await upload(t.app, cookie, [
      { name: 'looks-like.png', bytes: jpeg, type: 'image/png' },
      { name: 'looks-like.jpg', bytes: png, type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(PhotoUploadResultSchema.parse(response.json()).items.map((i) => [i.width, i.height])).toEqual([
      [500, 300],
      [300, 500],
    ]);
    // And an HEIC called .jpg is still an HEIC.
    const heic = await upload(t.app, cookie, [{ name: 'IMG_0002.jpg', bytes: heicHeader(), type: 'image/jpeg' }]);
    expect(heic.statusCode).toBe(415);
  });

  it('takes several files in one request, and lists, describes and deletes them', async () => {
    const files = await Promise.all(
      [1200, 1700, 300].map(async (width, i) => ({
        name: `photo-${i}.webp`,
        bytes: await twoColours(width, 800).webp().toBuffer(),
      })),
    );
    const avif = await twoColours(900, 600).avif({ effort: 0 }).toBuffer();
    const response = await upload(t.app, cookie, [...files, { name: 'photo-3.avif', bytes: avif }]);
    expect(response.statusCode, response.body).toBe(200);
    const items = PhotoUploadResultSchema.parse(response.json()).items;
    expect(items.map((i) => i.width)).toEqual([1200, 1700, 300, 900]);
    const manifest = await uploadedImages(t.app.db);
    expect(manifest[items[1]?.id ?? '']?.avif.map((s) => s.width)).toEqual([400, 800, 1200, 1600]);
    expect(manifest[items[2]?.id ?? '']?.jpeg.map((s) => s.width)).toEqual([300]);

    const id = items[0]?.id ?? '';
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/photos/${id}`,
      headers: { cookie },
      ...json({ category: 'lake', alt: { en: 'The lake at dawn' } }),
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const locales = t.app.property.locales;
    const stranger = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/photos/${id}`,
      headers: { cookie },
      ...json({ alt: { xx: 'nope' } }),
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ error: { code: 'invalid_field', field: 'alt.xx' } });
    expect(locales).toContain('en');

    const list = PhotoListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/photos', headers: { cookie } })).json(),
    );
    expect(list.items).toHaveLength(4);
    expect(list.items.find((p) => p.id === id)).toMatchObject({ category: 'lake', alt: { en: 'The lake at dawn' } });

    const { sources } = await variantsOf(id);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/photos/${id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/photos/${id}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
    expect((await uploadedImages(t.app.db))[id]).toBeUndefined();
    const other = await createTestApp({ DATABASE_URL: t.databaseUrl });
    try {
      expect((await other.app.inject({ method: 'GET', url: sources[0]?.url ?? '' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
