import { describe, expect, it } from 'vitest';
import { cachedPage, createPublicCache, PUBLIC_CACHE_MAX_BYTES } from './public-cache.js';

describe('the public answer cache', () => {
  it('is bounded by the bytes it holds, not by its number of entries', () => {
    const cache = createPublicCache();
    const large = cachedPage({ items: 'x'.repeat(100_000) });
    for (let i = 0; i < 500; i++) cache.set(`window-${i}`, large);
    // 500 answers of 100 KB would be 100 MB (as UTF-16); the cache keeps what fits in its budget.
    expect(cache.calculatedSize).toBeLessThanOrEqual(PUBLIC_CACHE_MAX_BYTES);
    expect(cache.size).toBeLessThan(500);
    expect(cache.size).toBeGreaterThan(0);
    // The newest answers are the ones kept.
    expect(cache.get('window-499')).toBe(large);
    expect(cache.get('window-0')).toBeUndefined();
  });

  it('still holds many small answers', () => {
    const cache = createPublicCache();
    const small = cachedPage({ items: [] });
    for (let i = 0; i < 5_000; i++) cache.set(`page-${i}`, small);
    expect(cache.size).toBe(5_000);
  });
});
