import sharp from 'sharp';

// The one image pipeline: the build (scripts/image-pipeline.ts) and the owner's uploads
// (photos/encode-worker.ts) both turn a photo into AVIF, WebP and JPEG at a few widths plus a tiny
// placeholder here (docs/decisions/0006-image-pipeline.md, 0024-uploaded-photos.md).

export const WIDTHS = [400, 800, 1200, 1600] as const;
export const FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type Format = (typeof FORMATS)[number];
export const EXTENSIONS: Record<Format, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

const SETTINGS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 70, effort: 2 },
  jpeg: { quality: 72, mozjpeg: true },
} as const;
const PLACEHOLDER = { width: 16, blur: 1, quality: 50 } as const;

/** Part of every content hash: changing an encoder setting changes every file name, so browsers
 * holding year-long cached copies never see stale variants. */
export const PIPELINE_VERSION = `1 ${sharp.versions.vips} ${JSON.stringify({ SETTINGS, PLACEHOLDER, WIDTHS })}`;

export interface EncodedVariant {
  format: Format;
  width: number;
  bytes: Buffer;
}

export interface EncodedPhoto {
  /** Size after the EXIF orientation is applied. */
  width: number;
  height: number;
  /** A tiny blurred preview, `data:image/webp;base64,…`. */
  placeholder: string;
  variants: EncodedVariant[];
}

/** Widths not larger than the source; a source narrower than the smallest keeps its own width. */
export function widthsFor(sourceWidth: number): number[] {
  const fit = WIDTHS.filter((w) => w <= sourceWidth);
  return fit.length > 0 ? fit : [sourceWidth];
}

/**
 * Every variant of one photo. The EXIF orientation is applied first (autoOrient), and sharp writes
 * no metadata unless asked, so no variant carries the camera, the GPS position or a profile.
 * `limitInputPixels` stops a decompression bomb before it is decoded.
 */
export async function encodePhoto(source: Buffer, limitInputPixels?: number): Promise<EncodedPhoto> {
  const input = sharp(source, { autoOrient: true, ...(limitInputPixels ? { limitInputPixels } : {}) });
  const { autoOrient } = await input.metadata();
  const tiny = await input
    .clone()
    .resize({ width: PLACEHOLDER.width })
    .blur(PLACEHOLDER.blur)
    .webp({ quality: PLACEHOLDER.quality })
    .toBuffer();
  const variants: EncodedVariant[] = [];
  for (const width of widthsFor(autoOrient.width)) {
    const resized = input.clone().resize({ width });
    variants.push({ format: 'avif', width, bytes: await resized.clone().avif(SETTINGS.avif).toBuffer() });
    variants.push({ format: 'webp', width, bytes: await resized.clone().webp(SETTINGS.webp).toBuffer() });
    variants.push({ format: 'jpeg', width, bytes: await resized.clone().jpeg(SETTINGS.jpeg).toBuffer() });
  }
  return {
    width: autoOrient.width,
    height: autoOrient.height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    variants,
  };
}
