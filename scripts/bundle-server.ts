import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// The server as one file (docs/decisions/0070-the-server-as-one-file.md): a start loads one module
// instead of some 900 (the server's own and its packages'), which took a third of every start's
// CPU. Its packages are bundled too, but for the native ones, which load their compiled addon
// from node_modules. The photo encoder runs in worker threads, so it is a second file beside it.

const OUT = 'dist/server/server';
// Native addons, and the optional backends of packages the server uses that it never installs.
const EXTERNAL = ['better-sqlite3', 'sharp', 'pg-native', 'pg-cloudflare'];

// Packages written as CommonJS call `require`, which an ES module lacks; React and the others read
// NODE_ENV as they load, and a server nobody told otherwise is in production.
const banner = [
  "import { createRequire as __estadiaRequire } from 'node:module';",
  'const require = __estadiaRequire(import.meta.url);',
  "process.env.NODE_ENV ??= 'production';",
].join('\n');

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: { index: 'src/server/index.ts', 'encode-worker': 'src/server/photos/encode-worker.ts' },
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: EXTERNAL,
  banner: { js: banner },
  // React's development build is left out of the file.
  define: { 'process.env.NODE_ENV': '"production"' },
  sourcemap: 'linked',
  logLevel: 'warning',
});
