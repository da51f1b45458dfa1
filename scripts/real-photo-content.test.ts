import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { photoFiles, PropertySchema } from '../src/shared/content.js';
import { createRealPhotoContent, realPhotos } from './real-photo-content.js';

const demo = PropertySchema.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'content', 'property.json'), 'utf8')),
);

describe('the real-photo content folder', () => {
  it(
    'is the demo content with each real photograph used three times, as 36 different files',
    { timeout: 60_000 },
    async () => {
      const content = await createRealPhotoContent();
      try {
        expect(readFileSync(join(content.dir, 'property.json'), 'utf8')).toBe(
          readFileSync(join(import.meta.dirname, '..', 'content', 'property.json'), 'utf8'),
        );
        const files = photoFiles(demo);
        expect(readdirSync(join(content.dir, 'photos')).sort()).toEqual([...files].sort());
        // Each photograph of the set stands in three times, once in each of its three uses.
        const photographs = realPhotos().length;
        expect(files.length).toBe(photographs * 3);
        const uses = new Map<string, number[]>();
        for (const source of content.sources) uses.set(source.from, [...(uses.get(source.from) ?? []), source.use]);
        expect(uses.size).toBe(photographs);
        for (const list of uses.values()) expect(list.sort()).toEqual([0, 1, 2]);
        // Different bytes, so the image cache cannot serve one file for another.
        const hashes = files.map((file) =>
          createHash('sha256')
            .update(readFileSync(join(content.dir, 'photos', file)))
            .digest('hex'),
        );
        expect(new Set(hashes).size).toBe(files.length);
      } finally {
        await content.remove();
      }
      expect(readdirSync(join(content.dir, '..')).includes(content.dir.split('/').pop()!)).toBe(false);
    },
  );
});
