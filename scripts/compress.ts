import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// Pre-compresses the built client's text files once at build time, so the server sends .br/.gz
// without compressing on every request.
const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

const root = process.argv[2] ?? 'dist/client';
let count = 0;
for await (const path of files(root)) {
  if ((await stat(path)).size < MIN_BYTES) continue;
  const data = await readFile(path);
  await writeFile(`${path}.br`, await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${path}.gz`, await gz(data, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} files in ${root} (brotli and gzip)`);
