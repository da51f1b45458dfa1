import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../shared/photos.js';
import { heicHeader, PDF, pngClaiming, twoColours, upload } from '../../../tests/support/server/photo-files.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await login(t.app);
});
afterAll(() => t.close());

const photoCount = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/photos', headers: { cookie } })).json<{ items: unknown[] }>()
    .items.length;

describe('refused uploads', () => {
  it('refuses a decompression bomb and a 60-megapixel photo by their header, before decoding', async () => {
    const bomb = await upload(t.app, cookie, [{ name: 'tiny.png', bytes: await pngClaiming(100_000, 100_000) }]);
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toMatchObject({
      error: { code: 'photo_too_many_pixels', message: expect.stringContaining('100000×100000') },
    });

    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#406080' } })
      .png()
      .toBuffer();
    const response = await upload(t.app, cookie, [{ name: 'huge.png', bytes: huge }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error: {
        code: 'photo_too_many_pixels',
        message: expect.stringContaining('(60 megapixels); the most is 50 megapixels'),
      },
    });
  });

  it('tells how to get a JPEG from an iPhone for an HEIC, and refuses a PDF', async () => {
    const heic = await upload(t.app, cookie, [{ name: 'IMG_0001.HEIC', bytes: heicHeader(), type: 'image/heic' }]);
    expect(heic.statusCode).toBe(415);
    expect(heic.json()).toMatchObject({
      error: {
        code: 'photo_heic',
        message: expect.stringContaining('Settings › Camera › Formats › Most Compatible'),
      },
    });
    const pdf = await upload(t.app, cookie, [{ name: 'photo.jpg', bytes: PDF, type: 'image/jpeg' }]);
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({
      error: { code: 'unsupported_media_type', message: expect.stringContaining('PDF') },
    });
  });

  it('refuses a file over 25 MB, and keeps none of a request that had one', async () => {
    const good = await twoColours(500, 400).jpeg().toBuffer();
    const big = Buffer.concat([good, Buffer.alloc(PHOTO_MAX_BYTES + 1 - good.length)]);
    const response = await upload(t.app, cookie, [
      { name: 'fine.jpg', bytes: good },
      { name: 'big.jpg', bytes: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error: { code: 'payload_too_large', message: expect.stringContaining('"big.jpg" is larger than 25 MB') },
    });
    expect(await photoCount()).toBe(0);
  });

  it('refuses a request without a file, or one that is not multipart', async () => {
    const none = await upload(t.app, cookie, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: { code: 'invalid_body' } });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/admin/photos',
      headers: { cookie },
      payload: { file: 'x' },
    });
    expect(plain.statusCode).toBe(415);
  });

  it('is for the owner only: 401 without a session, 403 from another origin', async () => {
    const photo = [{ name: 'a.jpg', bytes: await twoColours(400, 300).jpeg().toBuffer() }];
    const anonymous = await upload(t.app, '', photo);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const foreign = await upload(t.app, cookie, photo, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/admin/photos'],
      ['PATCH', '/api/admin/photos/x'],
      ['DELETE', '/api/admin/photos/x'],
    ] as const)
      expect((await t.app.inject({ method, url, payload: method === 'PATCH' ? {} : undefined })).statusCode, url).toBe(
        401,
      );
    expect(await photoCount()).toBe(0);
  });
});
