import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { imagesPlugin } from './scripts/images-plugin.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const contentDir = process.env.CONTENT_DIR ?? here('./content');

/**
 * What Vite preloads with a dynamic import. The landing page's islands, asked for by the entry
 * after the first paint, preload nothing: each preload is a <link> added by script, and an
 * island's dozen of them took a long task on a slow phone, where the browser finds the same
 * imports itself as each chunk arrives. The router's pages, and what an island loads later,
 * keep their preloads (docs/decisions/0029-islands-without-preloads.md).
 */
function preloadsOf(file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: string }) {
  const fromEntry = hostType === 'js' && /^assets\/index-[\w-]+\.js$/.test(hostId);
  return fromEntry && !file.includes('/start-router-') ? [] : deps;
}

export default defineConfig({
  root: here('./src/client'),
  plugins: [react(), tailwindcss(), imagesPlugin(contentDir)],
  define: {
    // The prerendered footer and the hydrating page must agree on the year; see site-footer.tsx.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    // Which chunk holds which module: kept next to the served folder (scripts/prerender.ts) for
    // whoever asks why a chunk weighs what it does.
    manifest: true,
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false, resolveDependencies: preloadsOf },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
