import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, processImages, widthsFor } from './image-pipeline.js';

let root: string;
let photosDir: string;
let cacheDir: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'estadia-images-'));
  photosDir = join(root, 'content', 'photos');
  cacheDir = join(root, 'cache');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#3f8fd8"/><circle cx="450" cy="300" r="180" fill="#f2c94c"/></svg>`;
  mkdirSync(photosDir, { recursive: true });
  await sharp(Buffer.from(svg)).jpeg().toFile(join(photosDir, 'lake-01.jpg'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('image pipeline', () => {
  it('keeps only widths the source can fill, and at least one', () => {
    expect(widthsFor(4000)).toEqual([400, 800, 1200, 1600]);
    expect(widthsFor(1000)).toEqual([400, 800]);
    expect(widthsFor(250)).toEqual([250]);
  });

  it('encodes AVIF, WebP and JPEG at every width up to the source, with its size and a placeholder', async () => {
    const [image] = await processImages(['lake-01.jpg'], { photosDir, cacheDir });
    expect(image).toBeDefined();
    if (!image) return;
    expect(image.cached).toBe(false);
    expect([image.width, image.height]).toEqual([900, 600]);
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(image.placeholder.length).toBeLessThan(1000);
    for (const format of FORMATS) {
      const variants = image.variants.filter((v) => v.format === format);
      expect(variants.map((v) => v.width)).toEqual([400, 800]);
      for (const v of variants) {
        expect(v.fileName).toMatch(new RegExp(`^lake-01-${image.hash.slice(0, 8)}-${v.width}\\.(avif|webp|jpg)$`));
        const meta = await sharp(v.path).metadata();
        expect(meta.width).toBe(v.width);
        expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
      }
    }
  });

  it('re-encodes nothing when the same photo comes through again', async () => {
    const [first] = await processImages(['lake-01.jpg'], { photosDir, cacheDir });
    const mtimes = first?.variants.map((v) => statSync(v.path).mtimeMs);
    const [second] = await processImages(['lake-01.jpg'], { photosDir, cacheDir });
    expect(second?.cached).toBe(true);
    expect(second?.variants.map((v) => v.fileName)).toEqual(first?.variants.map((v) => v.fileName));
    expect(second?.variants.map((v) => statSync(v.path).mtimeMs)).toEqual(mtimes);
  });

  it('stops with the missing file and the folder it was looked for in', async () => {
    await expect(processImages(['lake-01.jpg', 'kitchen-09.jpg'], { photosDir, cacheDir })).rejects.toThrow(
      /kitchen-09\.jpg.*content[/\\]photos/,
    );
  });
});
