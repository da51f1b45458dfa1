/// <reference types="vite/client" />

// Provided at build time by scripts/content-plugin.ts and scripts/images-plugin.ts.
declare module 'virtual:content' {
  export const property: import('../shared/content').Property;
}

declare module 'virtual:images' {
  export const images: import('../shared/images').ImageManifest;
}

/** The year the page was built (vite.config.ts `define`). */
declare const __BUILD_YEAR__: number;
