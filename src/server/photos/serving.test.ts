import { afterEach, describe, expect, it } from 'vitest';
import { PhotoUploadResultSchema } from '../../shared/photos.js';
import { noise, twoColours, upload } from '../../../tests/support/server/photo-files.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { uploadedImages } from './manifest.js';

const apps: TestApp[] = [];
afterEach(async () => {
  // The second app joins the first one's database; the first one drops it.
  for (const t of apps.splice(0).reverse()) await t.close();
});

async function start(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

describe('serving uploaded photos', () => {
  it('serves the variants from another server on the same database, cached for a year', async () => {
    const first = await start();
    const cookie = await login(first.app);
    const response = await upload(first.app, cookie, [
      { name: 'a.jpg', bytes: await twoColours(900, 600).jpeg().toBuffer() },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [item] = PhotoUploadResultSchema.parse(response.json()).items;
    const image = (await uploadedImages(first.app.db))[item?.id ?? ''];
    const avif = image?.avif.at(-1);
    expect(avif?.url).toMatch(new RegExp(`^/photos/${item?.id}-[0-9a-f]{8}-800\\.avif$`));

    const second = await start({ DATABASE_URL: first.databaseUrl });
    const served = await second.app.inject({ method: 'GET', url: avif?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const original = await first.app.inject({ method: 'GET', url: avif?.url ?? '' });
    expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
    const etag = served.headers.etag as string;
    expect(
      (await second.app.inject({ method: 'GET', url: avif?.url ?? '', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);

    // Another hash under the same id and width is not this photo.
    const stale = (avif?.url ?? '').replace(/-[0-9a-f]{8}-/, '-00000000-');
    expect((await second.app.inject({ method: 'GET', url: stale })).statusCode).toBe(404);
    expect((await second.app.inject({ method: 'GET', url: '/photos/..%2Fpackage.json' })).statusCode).toBe(404);
  });

  it('answers /healthz while a large photo is being encoded', async () => {
    const t = await start();
    const cookie = await login(t.app);
    // 24 megapixels of noise: seconds of encoding.
    const big = await noise(6000, 4000).jpeg({ quality: 60 }).toBuffer();
    let done = false;
    const uploading = upload(t.app, cookie, [{ name: 'big.jpg', bytes: big }]).finally(() => {
      done = true;
    });
    // Over a real socket, as a load balancer asks: each answer waits on the event loop.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answered: number[] = [];
    while (!done) {
      const started = performance.now();
      const health = await fetch(`${address}/healthz`);
      expect(health.status).toBe(200);
      if (!done) answered.push(performance.now() - started);
    }
    const response = await uploading;
    expect(response.statusCode, response.body).toBe(200);
    expect(PhotoUploadResultSchema.parse(response.json()).items).toEqual([
      expect.objectContaining({ width: 6000, height: 4000 }),
    ]);
    // Many answers while the encoding ran, most of them at once. The median, not the slowest: the
    // machine is shared with other test files, and one late answer says nothing of this server.
    const median = [...answered].sort((a, b) => a - b)[Math.floor(answered.length / 2)] ?? Infinity;
    expect(answered.length).toBeGreaterThan(10);
    expect(median).toBeLessThan(200);
    // Seconds of encoding on a quiet machine; many more while other test files share the cores.
  }, 90_000);
});
