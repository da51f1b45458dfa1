import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { contentPlugin } from './scripts/content-plugin.js';
import { imagesPlugin } from './scripts/images-plugin.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const contentDir = process.env.CONTENT_DIR ?? here('./content');

// The page is written against React's API and runs on Preact's, 9 KB instead of 62 KB of first-view
// JavaScript (docs/decisions/0016-preact.md). Exact matches, most specific first.
const preactAliases = (
  [
    ['react-dom/client', 'preact/compat/client'],
    ['react-dom/server', 'preact/compat/server'],
    ['react/jsx-runtime', 'preact/jsx-runtime'],
    ['react/jsx-dev-runtime', 'preact/jsx-dev-runtime'],
    ['react-dom', 'preact/compat'],
    ['react', 'preact/compat'],
  ] as const
).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement }));

export default defineConfig({
  root: here('./src/client'),
  plugins: [
    react(),
    tailwindcss(),
    contentPlugin(contentDir),
    imagesPlugin(contentDir),
  ],
  resolve: { alias: preactAliases },
  // The prerender bundles its libraries, so that they too render with Preact, not with React.
  ssr: { noExternal: true },
  define: {
    // The prerendered footer and the hydrating page must agree on the year; see site-footer.tsx.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
