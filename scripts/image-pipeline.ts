import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, extname, join } from 'node:path';
import {
  encodePhoto,
  EXTENSIONS,
  FORMATS,
  type Format,
  PIPELINE_VERSION,
  widthsFor,
} from '../src/server/photos/encode.js';

// The build's image step without Vite: each content photo is encoded by the server's pipeline
// (src/server/photos/encode.ts), the same one the owner's uploads go through. Results are cached on
// disk by content hash, because encoding AVIF is slow and photos rarely change between builds.

export { FORMATS, PIPELINE_VERSION, WIDTHS, widthsFor } from '../src/server/photos/encode.js';
export type { Format } from '../src/server/photos/encode.js';

export interface Variant {
  format: Format;
  width: number;
  /** `lake-01-3f9a0c1e-800.avif`: the source's name, 8 hex of its content hash, the width. */
  fileName: string;
  /** Where the encoded file sits in the cache. */
  path: string;
}

export interface ProcessedImage {
  file: string;
  hash: string;
  width: number;
  height: number;
  placeholder: string;
  variants: Variant[];
  /** True when every variant came from the cache and nothing was encoded. */
  cached: boolean;
  ms: number;
}

interface Meta {
  width: number;
  height: number;
  placeholder: string;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Write then rename, so an interrupted build never leaves a half-written file that looks cached. */
async function writeAtomic(path: string, data: Buffer | string) {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, path);
}

function variantsOf(file: string, hash: string, dir: string, width: number): Variant[] {
  const stem = basename(file, extname(file));
  return widthsFor(width).flatMap((w) =>
    FORMATS.map((format) => ({
      format,
      width: w,
      fileName: `${stem}-${hash.slice(0, 8)}-${w}.${EXTENSIONS[format]}`,
      path: join(dir, `${w}.${EXTENSIONS[format]}`),
    })),
  );
}

async function encode(source: Buffer, dir: string): Promise<Meta> {
  const { variants, ...meta } = await encodePhoto(source);
  await mkdir(dir, { recursive: true });
  for (const v of variants) await writeAtomic(join(dir, `${v.width}.${EXTENSIONS[v.format]}`), v.bytes);
  // Written last: its presence is what marks the folder complete.
  await writeAtomic(join(dir, 'meta.json'), JSON.stringify(meta));
  return meta;
}

/** One photo: from the cache when its hash is known, encoded otherwise. */
export async function processImage(sourcePath: string, cacheDir: string): Promise<ProcessedImage> {
  const started = performance.now();
  const source = await readFile(sourcePath);
  const hash = createHash('sha256').update(source).update(PIPELINE_VERSION).digest('hex');
  const dir = join(cacheDir, hash);
  const metaPath = join(dir, 'meta.json');
  let meta: Meta | undefined;
  if (await exists(metaPath)) {
    const stored = JSON.parse(await readFile(metaPath, 'utf8')) as Meta;
    const complete = await Promise.all(variantsOf(sourcePath, hash, dir, stored.width).map((v) => exists(v.path)));
    if (complete.every(Boolean)) meta = stored;
  }
  const cached = meta !== undefined;
  meta ??= await encode(source, dir);
  return {
    file: basename(sourcePath),
    hash,
    ...meta,
    variants: variantsOf(sourcePath, hash, dir, meta.width),
    cached,
    ms: performance.now() - started,
  };
}

export interface ProcessOptions {
  photosDir: string;
  cacheDir: string;
  /** Photos encoded at once (default two per core). */
  concurrency?: number;
  onProgress?: (done: number, total: number, image: ProcessedImage) => void;
}

/** Every named photo, in order; a missing one fails before any work starts. */
export async function processImages(files: string[], options: ProcessOptions): Promise<ProcessedImage[]> {
  const { photosDir, cacheDir, onProgress } = options;
  const missing: string[] = [];
  for (const file of files) if (!(await exists(join(photosDir, file)))) missing.push(file);
  if (missing.length > 0)
    throw new Error(
      `Photo not found: ${missing.join(', ')} (looked in ${photosDir}). Add the file there, or take it out of the content.`,
    );
  const results: ProcessedImage[] = new Array<ProcessedImage>(files.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const image = await processImage(join(photosDir, files[index] as string), cacheDir);
      results[index] = image;
      onProgress?.(++done, files.length, image);
    }
  };
  // Two photos per core measured fastest: one photo's file writes and decode overlap another's
  // encode (docs/decisions/0015-real-photos-and-first-view.md).
  const workers = Math.max(1, Math.min(options.concurrency ?? availableParallelism() * 2, files.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
