import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildForContent, type ContentBuild } from '../tests/support/browser/content-build.js';
import { createRealPhotoContent, type PhotoSet } from './real-photo-content.js';

export interface RealPhotoBuild extends ContentBuild {
  /** The content folder: the server of this build needs it as CONTENT_DIR. */
  contentDir: string;
  remove: () => Promise<void>;
}

/** The site built from the real-photo content folder, compressed like `npm run build` leaves it,
 * next to the last `npm run build`'s server. Photos encoded once stay in the image cache (images-plugin.ts). */
export async function buildRealPhotoSite(set: PhotoSet = 'real'): Promise<RealPhotoBuild> {
  const out = join(import.meta.dirname, '..', 'dist-test', `${set}-photos`);
  const content = await createRealPhotoContent(set);
  const remove = async () => {
    await rm(out, { recursive: true, force: true });
    await content.remove();
  };
  try {
    console.log(
      `Building the ${set}-photo site (${content.sources.length} photos from ${content.sources.length / 3} real photographs) into ${out}`,
    );
    const started = performance.now();
    const build = buildForContent(content.dir, out, { compress: true, quiet: true });
    console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { ...build, contentDir: content.dir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
