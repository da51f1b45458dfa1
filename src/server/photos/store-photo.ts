import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { PIPELINE_VERSION } from './encode.js';
import type { EncoderPool } from './encoder-pool.js';
import { inspectUpload } from './inspect.js';
import { deletePhoto, insertPhoto } from './photos-data.js';
import { insertVariants } from './photo-variants-data.js';

/** One uploaded file: checked by its bytes, encoded off the request thread, stored with its variants. */
export async function storePhoto(db: Db, encoder: EncoderPool, bytes: Buffer, createdAt: string) {
  await inspectUpload(bytes);
  const hash = createHash('sha256').update(bytes).update(PIPELINE_VERSION).digest('hex');
  const { width, height, placeholder, variants } = await encoder.encode(bytes).catch(() => {
    // The header was sound but the image is not: cut short, or damaged.
    throw new HttpError(
      400,
      'This photo could not be read: it may be damaged or cut short. Export it again and upload that.',
      undefined,
      'photo_unreadable',
    );
  });
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertPhoto(trx, { id, hash, width, height, placeholder, createdAt });
    await insertVariants(trx, id, variants);
  });
  return { id, width, height };
}

/** Stores every file of one request, or none: a refused file takes back the ones before it. */
export async function storePhotos(db: Db, encoder: EncoderPool, files: AsyncIterable<Buffer>, createdAt: string) {
  const items: { id: string; width: number; height: number }[] = [];
  try {
    for await (const bytes of files) items.push(await storePhoto(db, encoder, bytes, createdAt));
  } catch (error) {
    for (const item of items) await deletePhoto(db, item.id);
    throw error;
  }
  return items;
}
