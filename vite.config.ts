import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { imagesPlugin } from './scripts/images-plugin.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const contentDir = process.env.CONTENT_DIR ?? here('./content');

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
    // Read by the size check (scripts/budgets.ts): which chunks the islands hydrated right after
    // the first paint need.
    manifest: true,
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
