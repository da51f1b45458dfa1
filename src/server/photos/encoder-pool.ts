import { Worker } from 'node:worker_threads';
import type { EncodedPhoto } from './encode.js';

// A small pool of worker threads that encode uploads one photo each at a time, so a request never
// waits on another's encoding and the machine's cores are not all taken by it
// (docs/decisions/0024-uploaded-photos.md).

interface Job {
  resolve: (photo: EncodedPhoto) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; photo: EncodedPhoto } | { id: number; error: string };

/**
 * The built server runs encode-worker.js, bundled beside it (scripts/bundle-server.ts); the tests
 * run the TypeScript source through tsx.
 */
function startWorker(): Worker {
  const url = new URL(import.meta.url);
  if (url.pathname.endsWith('.js')) return new Worker(new URL('./encode-worker.js', url));
  const source = new URL('./encode-worker.ts', url).href;
  const api = new URL('../../../node_modules/tsx/dist/esm/api/index.mjs', url).href;
  const boot = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(boot, { eval: true });
}

export interface EncoderPool {
  encode: (source: Buffer) => Promise<EncodedPhoto>;
  close: () => Promise<void>;
}

interface Entry {
  worker: Worker;
  jobs: Map<number, Job>;
}

/** Variants cross the thread boundary as plain Uint8Arrays; the rest of the server wants Buffers. */
const asBuffers = (photo: EncodedPhoto): EncodedPhoto => ({
  ...photo,
  variants: photo.variants.map((v) => ({
    ...v,
    bytes: Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.length),
  })),
});

export function createEncoderPool(size: number): EncoderPool {
  const workers: (Entry | undefined)[] = [];
  let nextId = 0;

  function spawn(slot: number) {
    const entry: Entry = { worker: startWorker(), jobs: new Map<number, Job>() };
    entry.worker.on('message', (answer: Answer) => {
      const job = entry.jobs.get(answer.id);
      entry.jobs.delete(answer.id);
      if (entry.jobs.size === 0) entry.worker.unref();
      if ('error' in answer) job?.reject(new Error(answer.error));
      else job?.resolve(asBuffers(answer.photo));
    });
    // A worker that dies takes its jobs with it; the next photo gets a fresh one.
    entry.worker.on('error', (error) => {
      for (const job of entry.jobs.values()) job.reject(error);
      entry.jobs.clear();
      if (workers[slot] === entry) workers[slot] = undefined;
    });
    entry.worker.unref();
    workers[slot] = entry;
    return entry;
  }

  /** The worker with the fewest jobs, started when first needed. */
  function pick() {
    let best: Entry | undefined;
    for (let slot = 0; slot < size; slot++) {
      const entry = workers[slot] ?? spawn(slot);
      if (entry.jobs.size === 0) return entry;
      if (!best || entry.jobs.size < best.jobs.size) best = entry;
    }
    return best ?? spawn(0);
  }

  return {
    encode(source) {
      const entry = pick();
      const id = nextId++;
      const copy = new Uint8Array(source);
      return new Promise<EncodedPhoto>((resolve, reject) => {
        entry.jobs.set(id, { resolve, reject });
        // Held only while it has work: an idle pool never keeps the process from exiting.
        entry.worker.ref();
        entry.worker.postMessage({ id, source: copy }, [copy.buffer]);
      });
    },
    async close() {
      await Promise.all(workers.map((entry) => entry?.worker.terminate()));
    },
  };
}
