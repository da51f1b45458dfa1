import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { photoFiles, PropertySchema } from '../src/shared/content.js';

// The demo content with real photographs in place of its drawings, in a temporary folder, for the
// measurements (docs/decisions/0015-real-photos-and-first-view.md). The photos are Debian's
// mate-backgrounds (free licences) and are never copied into the repository.

export const REAL_PHOTOS_DIR = '/usr/share/backgrounds/mate/nature';
export const REAL_PHOTOS_FIX = 'apt-get install -y mate-backgrounds';
const DEMO_CONTENT = resolve(import.meta.dirname, '..', 'content');

/** The three uses of one photograph differ (as taken, mirrored, cropped), so each is its own
 * file with its own hash: a cold build encodes all of them, as it would an owner's photos. */
const USES = [
  (input: Sharp) => input,
  (input: Sharp) => input.flop(),
  (input: Sharp, width: number, height: number) =>
    input.extract({
      left: Math.round(width * 0.1),
      top: Math.round(height * 0.1),
      width: Math.round(width * 0.8),
      height: Math.round(height * 0.8),
    }),
];

export function realPhotos(): string[] {
  const files = existsSync(REAL_PHOTOS_DIR)
    ? readdirSync(REAL_PHOTOS_DIR)
        .filter((f) => f.endsWith('.jpg'))
        .sort()
    : [];
  if (files.length === 0)
    throw new Error(
      `The real-photo set is missing: no photos in ${REAL_PHOTOS_DIR}. Install it with \`${REAL_PHOTOS_FIX}\`.`,
    );
  return files.map((f) => join(REAL_PHOTOS_DIR, f));
}

/** The two sets made from the real photographs: as taken, and dark with little detail (an owner's
 * photos at dusk, or badly exposed): on the dark set the browser does not take the hero photo as
 * the largest paint, so the headline's own paint is what LCP measures (docs/decisions/0048-the-headline-is-the-first-paint.md). */
export type PhotoSet = 'real' | 'dark';

export const darken = (input: Sharp) => input.blur(24).modulate({ brightness: 0.2, saturation: 0.5 });

export interface RealPhotoContent {
  dir: string;
  /** Which real photograph, and which use of it, stands in for each demo photo. */
  sources: Array<{ file: string; from: string; use: number }>;
  remove: () => Promise<void>;
}

/** Writes the folder; `remove` deletes it. The photos keep the demo's file names, so the content
 * file is copied unchanged. */
export async function createRealPhotoContent(set: PhotoSet = 'real'): Promise<RealPhotoContent> {
  const photos = realPhotos();
  const property = PropertySchema.parse(JSON.parse(await readFile(join(DEMO_CONTENT, 'property.json'), 'utf8')));
  const dir = await mkdtemp(join(tmpdir(), `estadia-${set}-photos-`));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await mkdir(join(dir, 'photos'));
    await copyFile(join(DEMO_CONTENT, 'property.json'), join(dir, 'property.json'));
    const sources = photoFiles(property).map((file, index) => ({
      file,
      from: photos[index % photos.length]!,
      use: Math.floor(index / photos.length) % USES.length,
    }));
    for (const { file, from, use } of sources) {
      const target = join(dir, 'photos', file);
      if (use === 0 && set === 'real') {
        await copyFile(from, target);
        continue;
      }
      const { width = 0, height = 0 } = await sharp(from).metadata();
      const used = USES[use]!(sharp(from), width, height);
      // Quality 92 keeps the stand-in close to a camera's JPEG, so encoding it costs the same.
      await (set === 'dark' ? darken(used) : used).jpeg({ quality: 92 }).toFile(target);
    }
    return { dir, sources: sources.map((s) => ({ ...s, from: basename(s.from) })), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
