import type { ImageManifest } from '../../shared/images';
import { readPageData } from './page-data';

/** The encoded photos, by file name: from the page in the browser, set by the renderer per render. */
export let images: ImageManifest = readPageData().images;

export function setImages(manifest: ImageManifest): void {
  images = manifest;
}
