import sharp from 'sharp';
import { PHOTO_MAX_PIXELS } from '../../shared/photos.js';
import { HttpError } from '../lib/http-error.js';

// What an upload really is, read from its bytes: never its name or the client's content type.
// Only the header is read here; nothing is decoded before its size is known to be sane.

const ACCEPTED = 'Upload a JPEG, PNG, WebP or AVIF photo.';
const HEIC =
  'This photo is HEIC (an iPhone’s own format), which browsers cannot show. Export it as JPEG and upload that: on an iPhone, Settings › Camera › Formats › Most Compatible makes new photos JPEG.';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** The brand of an ISO media file's `ftyp` box (HEIC, AVIF, MP4…), or undefined. */
function ftypBrand(bytes: Buffer): string | undefined {
  return bytes.subarray(4, 8).toString('latin1') === 'ftyp' ? bytes.subarray(8, 12).toString('latin1') : undefined;
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

function unsupported(bytes: Buffer, what?: string): HttpError {
  const brand = ftypBrand(bytes);
  if (what === 'hevc' || (brand && HEIC_BRANDS.has(brand))) return new HttpError(415, HEIC, undefined, 'photo_heic');
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return new HttpError(415, `This file is a PDF, not a photo. ${ACCEPTED}`);
  return new HttpError(415, `This file is not a photo this site can use. ${ACCEPTED}`);
}

async function readHeader(bytes: Buffer) {
  try {
    // No pixel limit here: only the header is read, and the size is checked below, with a clearer answer.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}

/** The upload's real format and size; a 415 for any other kind of file, a 413 for too many pixels. */
export async function inspectUpload(bytes: Buffer): Promise<{ format: PhotoFormat; width: number; height: number }> {
  const meta = await readHeader(bytes);
  if (!meta) throw unsupported(bytes);
  let format: PhotoFormat;
  if (meta.format === 'heif') {
    if (meta.compression !== 'av1') throw unsupported(bytes, meta.compression);
    format = 'avif';
  } else if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') {
    format = meta.format;
  } else throw unsupported(bytes);
  const { width, height } = meta;
  if (!width || !height) throw unsupported(bytes);
  if (width * height > PHOTO_MAX_PIXELS) {
    const megapixels = Math.round((width * height) / 1e6);
    throw new HttpError(
      413,
      `This photo is ${width}×${height} pixels (${megapixels} megapixels); the most is ${PHOTO_MAX_PIXELS / 1e6} megapixels. Resize it, to 4000 pixels wide for instance, and upload it again.`,
      undefined,
      'photo_too_many_pixels',
    );
  }
  return { format, width, height };
}
