import { parentPort } from 'node:worker_threads';
import { PHOTO_MAX_PIXELS } from '../../shared/photos.js';
import { encodePhoto } from './encode.js';

// A worker thread of the encoder pool (encoder-pool.ts): decoding and encoding a 24-megapixel photo
// takes seconds of CPU. libvips does the pixels on threads of its own; here the rest of the work
// (the queue, the copies, the placeholder's base64) stays off the thread that answers requests.

export interface EncodeRequest {
  id: number;
  source: Uint8Array;
}

/** One photo at a time: libvips already spreads one photo over the cores, and two at once would
 * hold two decoded sources in memory. */
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', ({ id, source }: EncodeRequest) => {
  queue = queue.then(() =>
    encodePhoto(Buffer.from(source.buffer, source.byteOffset, source.byteLength), PHOTO_MAX_PIXELS).then(
      (photo) => parentPort?.postMessage({ id, photo }),
      (error: unknown) =>
        parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
    ),
  );
});
