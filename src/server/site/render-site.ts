import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImageManifest } from '../../shared/images.js';
import { type RenderedSite, SHELL_FILE, type SiteRenderer } from '../../shared/rendered-site.js';

export interface SiteRendering {
  /**
   * Every page for a content document, in memory: the same documents the build writes for the
   * same content. Throws, naming the fields, when the document is not valid content.
   */
  render: (content: unknown, images?: ImageManifest) => RenderedSite;
  /** The build's photos (dist/client/assets/img): the manifest `render` uses unless given one. */
  builtImages: ImageManifest;
  /** The band's text over a preview of the draft, in the page's language. */
  previewBand: (locale: string) => string;
}

/**
 * Loads the renderer of the built SSR entry, the one the build's prerender ran, and the build's
 * empty shell and stylesheet, so that published content is rendered at run time into the same
 * pages, around the same hashed assets (docs/decisions/0023-page-carries-its-content.md). The
 * server imports the built file, never the client's source.
 */
export async function loadSiteRenderer(clientDir: string, ssrEntry: string): Promise<SiteRendering> {
  const needed = [resolve(ssrEntry), join(clientDir, '..', SHELL_FILE)];
  for (const file of needed)
    if (!existsSync(file)) throw new Error(`The build is missing ${file}: run "npm run build" first`);
  const renderer = (await import(pathToFileURL(needed[0]!).href)) as Partial<SiteRenderer>;
  const { renderSite, stylesheetHref, builtImages, previewBand } = renderer;
  if (!renderSite || !stylesheetHref || !builtImages || !previewBand)
    throw new Error(`${ssrEntry} exports no renderSite: it is from an older build, run "npm run build"`);
  const html = readFileSync(needed[1]!, 'utf8');
  const shell = { html, css: readFileSync(join(clientDir, stylesheetHref(html)), 'utf8') };
  return {
    builtImages,
    previewBand,
    render: (content, images = builtImages) => renderSite({ content, images, shell }),
  };
}
