/// <reference types="vite/client" />

declare module 'virtual:content' {
  import type { Property } from '../shared/content';
  export const property: Property;
}

declare module 'virtual:images' {
  import type { ImageManifest } from '../shared/images';
  export const images: ImageManifest;
}
