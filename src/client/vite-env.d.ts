/// <reference types="vite/client" />

// Provided at build time by scripts/images-plugin.ts, to the SSR build only: the build's photos,
// for the prerender (docs/decisions/0023-page-carries-its-content.md).
declare module 'virtual:images' {
  export const images: import('../shared/images').ImageManifest;
}

/** The year the page was built (vite.config.ts `define`). */
declare const __BUILD_YEAR__: number;
