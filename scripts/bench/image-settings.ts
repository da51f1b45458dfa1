import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { realPhotos } from '../real-photo-content.js';

// `npx tsx scripts/bench/image-settings.ts`: the measurements behind the image pipeline's
// settings (docs/decisions/0015-real-photos-and-first-view.md). Each candidate encodes the same
// real photographs at each width, one photo at a time, and prints time and bytes per width.

const SAMPLE = Number(process.env.SAMPLE ?? 6);
const WIDTHS = (process.env.WIDTHS ?? '400,800,1200,1600').split(',').map(Number);
const CANDIDATES: Array<{ name: string; encode: (s: Sharp) => Sharp }> = [
  { name: 'avif q50 effort 4', encode: (s) => s.avif({ quality: 50, effort: 4 }) },
  { name: 'avif q50 effort 2', encode: (s) => s.avif({ quality: 50, effort: 2 }) },
  { name: 'avif q50 effort 0', encode: (s) => s.avif({ quality: 50, effort: 0 }) },
  { name: 'avif q55 effort 0', encode: (s) => s.avif({ quality: 55, effort: 0 }) },
  { name: 'avif q45 effort 0', encode: (s) => s.avif({ quality: 45, effort: 0 }) },
  { name: 'webp q70 effort 4', encode: (s) => s.webp({ quality: 70, effort: 4 }) },
  { name: 'webp q70 effort 2', encode: (s) => s.webp({ quality: 70, effort: 2 }) },
  { name: 'jpeg q72 mozjpeg', encode: (s) => s.jpeg({ quality: 72, mozjpeg: true }) },
];

/** Peak signal-to-noise ratio of the encoded image against the resized original, in dB: a
 * rough but repeatable quality measure, so a faster setting is not bought with a worse picture. */
async function psnr(reference: Buffer, encoded: Buffer): Promise<number> {
  const decoded = await sharp(encoded).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < reference.length; i += 1) sum += ((reference[i] ?? 0) - (decoded[i] ?? 0)) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / reference.length));
}

const photos = realPhotos()
  .slice(0, SAMPLE)
  .map((path) => ({ name: basename(path), data: readFileSync(path) }));
console.log(
  `${photos.length} photos, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}, libvips ${sharp.versions.vips}, sharp threads ${sharp.concurrency()}`,
);
console.log(`${'candidate'.padEnd(20)} ${WIDTHS.map((w) => `${w} px: ms / KB / dB`.padStart(24)).join('')}`);
for (const candidate of CANDIDATES) {
  const cells = [];
  for (const width of WIDTHS) {
    let ms = 0;
    let bytes = 0;
    let db = 0;
    for (const photo of photos) {
      const started = performance.now();
      const out = await candidate.encode(sharp(photo.data).resize({ width })).toBuffer();
      ms += performance.now() - started;
      bytes += out.length;
      db += await psnr(await sharp(photo.data).resize({ width }).removeAlpha().raw().toBuffer(), out);
    }
    const n = photos.length;
    cells.push(`${Math.round(ms / n)} / ${(bytes / n / 1024).toFixed(1)} / ${(db / n).toFixed(1)}`.padStart(24));
  }
  console.log(`${candidate.name.padEnd(20)} ${cells.join('')}`);
}
console.log('(per photo: mean encode time including decode and resize, mean size, mean PSNR)');
