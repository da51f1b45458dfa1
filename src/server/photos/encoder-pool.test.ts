import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createEncoderPool } from './encoder-pool.js';

const pool = createEncoderPool(2);
afterAll(() => pool.close());

describe('the encoder pool', () => {
  it('encodes in worker threads, and a photo that fails there fails alone', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const damaged = photo.subarray(0, 400);
    const [good, bad, again] = await Promise.allSettled([pool.encode(photo), pool.encode(damaged), pool.encode(photo)]);
    expect(bad.status).toBe('rejected');
    for (const result of [good, again]) {
      if (result.status !== 'fulfilled') throw new Error(`failed: ${String(result.reason)}`);
      expect([result.value.width, result.value.height]).toEqual([900, 600]);
      expect(result.value.variants.map((v) => `${v.format} ${v.width}`)).toEqual([
        'avif 400',
        'webp 400',
        'jpeg 400',
        'avif 800',
        'webp 800',
        'jpeg 800',
      ]);
      expect(result.value.variants.every((v) => Buffer.isBuffer(v.bytes) && v.bytes.length > 0)).toBe(true);
    }
  });
});
