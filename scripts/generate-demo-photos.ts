import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  type GalleryCategory,
  GALLERY_CATEGORIES,
  localizeProperty,
  PropertySchema,
  photoFiles,
} from '../src/shared/content.js';
import { exteriorScene } from './demo-photos/exterior-scenes.js';
import { lakeScene } from './demo-photos/lake-scenes.js';
import { bathroomScene } from './demo-photos/bathroom-scenes.js';
import { bedroomScene } from './demo-photos/bedroom-scenes.js';
import { kitchenScene } from './demo-photos/kitchen-scenes.js';
import { interiorScene } from './demo-photos/living-scenes.js';
import { seededRng, Svg } from './demo-photos/svg-kit.js';

// `npm run photos:demo`: draws a placeholder illustration for every photo the content names, so
// the site builds and looks like a holiday home before the owner's real photos arrive. Each file
// is seeded by its name, so a rerun writes the same pictures.

const SCENES: Record<GalleryCategory, (svg: Svg, alt: string) => void> = {
  lake: lakeScene,
  exterior: exteriorScene,
  interior: interiorScene,
  kitchen: kitchenScene,
  bedrooms: bedroomScene,
  bathrooms: bathroomScene,
};

const contentDir = resolve(process.env.CONTENT_DIR ?? 'content');
const content = PropertySchema.parse(JSON.parse(readFileSync(resolve(contentDir, 'property.json'), 'utf8')));
// The scenes are drawn from the default language's descriptions.
const property = localizeProperty(content, content.locales[0] ?? 'en');
const outDir = resolve(contentDir, 'photos');
mkdirSync(outDir, { recursive: true });

/** The first gallery entry of a file says what it shows; otherwise its name's prefix does. */
function describe(file: string): { category: GalleryCategory; alt: string } {
  const entry = property.gallery.find((g) => g.photo === file);
  if (entry) return { category: entry.category, alt: entry.alt };
  const category = GALLERY_CATEGORIES.find((c) => file.startsWith(c)) ?? 'lake';
  return { category, alt: '' };
}

/** JPEG unless the content names another format; the build re-encodes them all anyway. */
function encode(image: Sharp, file: string): Sharp {
  if (/\.png$/i.test(file)) return image.png({ palette: true });
  if (/\.webp$/i.test(file)) return image.webp({ quality: 80 });
  if (/\.avif$/i.test(file)) return image.avif({ quality: 60 });
  // A touch of blur softens the hard vector edges, which cost JPEG the most bytes: the set stays
  // small enough to live in the repository.
  return image.blur(0.8).jpeg({ quality: 72, mozjpeg: true });
}

let total = 0;
for (const file of photoFiles(property)) {
  const { category, alt } = describe(file);
  const svg = new Svg(seededRng(file));
  SCENES[category](svg, alt);
  const target = resolve(outDir, file);
  await encode(sharp(Buffer.from(svg.toString())), file).toFile(target);
  const size = statSync(target).size;
  total += size;
  console.log(`${file.padEnd(18)} ${category.padEnd(9)} ${(size / 1024).toFixed(1).padStart(6)} KB  ${alt}`);
}
console.log(`demo photos: ${photoFiles(property).length} files, ${(total / 1024).toFixed(0)} KB in ${outDir}`);
