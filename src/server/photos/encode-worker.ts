import { parentPort } from 'node:worker_threads';
import { PHOTO_MAX_PIXELS } from '../../shared/photos.js';
import { encodePhoto } from './encode.js';

// A worker thread of the encoder pool (encoder-pool.ts): decoding and encoding a 24-megapixel photo
// takes seconds of CPU, which must not hold up the server's requests.

export interface EncodeRequest {
  id: number;
  source: Uint8Array;
}

parentPort?.on('message', ({ id, source }: EncodeRequest) => {
  encodePhoto(Buffer.from(source.buffer, source.byteOffset, source.byteLength), PHOTO_MAX_PIXELS).then(
    (photo) => parentPort?.postMessage({ id, photo }),
    (error: unknown) => parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
