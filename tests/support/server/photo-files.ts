import { randomFillSync } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

// Real image files made in the test, never committed photos, and the multipart request that uploads them.

export interface UploadFile {
  name: string;
  bytes: Buffer;
  /** What the client claims; the server must not believe it. */
  type?: string;
}

/** A multipart/form-data body with one part per file, as a browser's FormData sends it. */
export function multipartBody(files: UploadFile[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----estadia${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  app: FastifyInstance,
  cookie: string,
  files: UploadFile[],
  headers: Record<string, string> = {},
) {
  const body = multipartBody(files);
  return app.inject({
    method: 'POST',
    url: '/api/admin/photos',
    payload: body.payload,
    headers: { ...body.headers, cookie, ...headers },
  });
}

/** A photo of `width`×`height`: red on the left half, blue on the right. */
export function twoColours(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    { input: { create: { width: half, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
  ]);
}

/** Random pixels, which no encoder can shrink: a photo that takes seconds to encode. */
export function noise(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  randomFillSync(pixels);
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A real 8×8 PNG whose header then claims `width`×`height`: a decompression bomb. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  // The IHDR chunk's CRC covers its type and data: bytes 12 to 29.
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The start of an iPhone's HEIC file: an `ftyp` box with the heic brand, then a `meta` box. */
export function heicHeader(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypheic'),
    Buffer.alloc(4),
    Buffer.from('mif1heic'),
  ]);
  const meta = Buffer.concat([Buffer.from([0, 0, 0, 12]), Buffer.from('meta'), Buffer.alloc(4)]);
  return Buffer.concat([ftyp, meta, Buffer.alloc(512)]);
}

export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
