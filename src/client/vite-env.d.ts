/// <reference types="vite/client" />

// Provided at build time by scripts/content-plugin.ts and scripts/images-plugin.ts.
declare module 'virtual:content' {
  /** The content in each of its languages, by locale. */
  export const contents: Readonly<Record<string, import('../shared/content').Property>>;
  /** The content in the default language. */
  export const property: import('../shared/content').Property;
}

declare module 'virtual:images' {
  export const images: import('../shared/images').ImageManifest;
}

/** The year the page was built (vite.config.ts `define`). */
declare const __BUILD_YEAR__: number;
