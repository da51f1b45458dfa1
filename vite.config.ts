import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { contentPlugin } from './scripts/content-plugin.js';
import { imagesPlugin } from './scripts/images-plugin.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./src/client'),
  plugins: [
    react(),
    tailwindcss(),
    contentPlugin(process.env.CONTENT_DIR ?? here('./content')),
    imagesPlugin(process.env.CONTENT_DIR ?? here('./content')),
  ],
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
