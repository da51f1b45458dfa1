import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { Logger, Plugin, ViteDevServer } from 'vite';
import { BUILD_PHOTO_ID, describeContentError, photoFiles, photoIds, PropertySchema } from '../src/shared/content.js';
import type { ImageManifest } from '../src/shared/images.js';
import type { Format } from '../src/server/photos/encode.js';
import type { ProcessedImage } from './image-pipeline.js';
import { processImages } from './image-pipeline.js';
import { errorMessage } from '../src/shared/error-message.js';

const ID = 'virtual:images';
const RESOLVED = `\0${ID}`;
/** Under /assets/, which the server caches for a year: every file name carries a content hash. */
const URL_DIR = 'assets/img';
// Shared by every checkout on the machine: an entry is keyed by the photo's bytes and the
// encoder's settings (image-pipeline.ts), so a fresh clone's build reuses what another encoded.
const CACHE_DIR = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'estadia', 'images');
const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

export function toManifest(images: ProcessedImage[], base: string): ImageManifest {
  return Object.fromEntries(
    images.map((image) => {
      const sources = (format: Format) =>
        image.variants
          .filter((v) => v.format === format)
          .map((v) => ({ url: `${base}${URL_DIR}/${v.fileName}`, width: v.width }));
      return [
        image.file,
        {
          width: image.width,
          height: image.height,
          placeholder: image.placeholder,
          avif: sources('avif'),
          webp: sources('webp'),
          jpeg: sources('jpeg'),
        },
      ];
    }),
  );
}

/**
 * Encodes the content's photos and exposes their manifest as `virtual:images` to the SSR build, which
 * hands it to the prerender (docs/decisions/0023-page-carries-its-content.md); a missing photo stops
 * the build.
 */
export function imagesPlugin(contentDir: string): Plugin {
  const propertyFile = resolve(contentDir, 'property.json');
  const photosDir = resolve(contentDir, 'photos');
  let base = '/';
  let isBuild = false;
  // The prerender's server build needs the manifest only; the files come from the client build.
  let isSsrBuild = false;
  let logger: Logger | undefined;
  let work: Promise<ProcessedImage[]> | undefined;

  async function run(): Promise<ProcessedImage[]> {
    const parsed = PropertySchema.safeParse(JSON.parse(await readFile(propertyFile, 'utf8')));
    if (!parsed.success) throw new Error(describeContentError(propertyFile, parsed.error));
    // A folder's photos are files; an uploaded photo's id names a database's (docs/decisions/0026-photos-by-id.md).
    const uploaded = photoIds(parsed.data).filter((id) => !BUILD_PHOTO_ID.test(id));
    if (uploaded.length > 0)
      throw new Error(
        `${propertyFile} names uploaded photos (${uploaded.join(', ')}), which live in a site's database: write the folder with npm run content:export, which makes them files of photos/`,
      );
    const started = performance.now();
    const images = await processImages(photoFiles(parsed.data), {
      photosDir,
      cacheDir: CACHE_DIR,
      onProgress: (done, total, image) =>
        logger?.info(
          `images: ${done}/${total} ${image.file} (${image.cached ? 'cached' : `encoded in ${Math.round(image.ms)} ms`})`,
        ),
    });
    const encoded = images.filter((i) => !i.cached).length;
    const files = images.reduce((n, i) => n + i.variants.length, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    logger?.info(
      `images: ${images.length} photos, ${files} files (${encoded} encoded, ${images.length - encoded} from cache) in ${seconds} s`,
    );
    return images;
  }
  const images = () => (work ??= run());
  const isContent = (path: string) => path === propertyFile || path.startsWith(photosDir + sep);

  function serveFromCache(server: ViteDevServer) {
    server.middlewares.use(`${base}${URL_DIR}`, (req, res, next) => {
      const name = decodeURIComponent(new URL(req.url ?? '/', 'http://dev').pathname.slice(1));
      images()
        .then((list) => {
          const variant = list.flatMap((i) => i.variants).find((v) => v.fileName === name);
          // A 404 rather than the SPA fallback, so a stale image URL shows up in dev as it would in production.
          if (!variant) {
            res.statusCode = 404;
            res.end();
            return;
          }
          res.setHeader('Content-Type', TYPES[variant.fileName.split('.').pop() ?? ''] ?? 'application/octet-stream');
          res.setHeader('Cache-Control', 'no-cache');
          createReadStream(variant.path).on('error', next).pipe(res);
        })
        .catch(next);
    });
  }

  return {
    name: 'estadia-images',
    configResolved(config) {
      base = config.base;
      isBuild = config.command === 'build';
      isSsrBuild = Boolean(config.build.ssr);
      logger = config.logger;
    },
    async buildStart() {
      if (!isBuild) {
        // Dev starts at once; the first request for the manifest waits for the encoding.
        images().catch((error: unknown) => logger?.error(`images: ${errorMessage(error)}`));
        return;
      }
      this.addWatchFile(propertyFile);
      if (isSsrBuild) return;
      for (const image of await images()) {
        this.addWatchFile(resolve(photosDir, image.file));
        for (const v of image.variants)
          this.emitFile({ type: 'asset', fileName: `${URL_DIR}/${v.fileName}`, source: await readFile(v.path) });
      }
    },
    watchChange(id) {
      if (isContent(id)) work = undefined;
    },
    configureServer(server) {
      server.watcher.add([propertyFile, photosDir]);
      const reload = (path: string) => {
        if (!isContent(path)) return;
        work = undefined;
        const client = server.environments.client;
        const module = client?.moduleGraph.getModuleById(RESOLVED);
        if (module) client?.moduleGraph.invalidateModule(module);
        client?.hot.send({ type: 'full-reload' });
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, reload);
      serveFromCache(server);
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      return `export const images = ${JSON.stringify(toManifest(await images(), base))};`;
    },
  };
}
