/// <reference types="vite/client" />

declare module 'virtual:content' {
  import type { Property } from '../shared/content';
  export const property: Property;
}
