import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PhotoUploadResultSchema } from '../../shared/photos.js';
import { contentEditor, type ContentEditor, contentFile } from '../../../tests/support/server/content-editor.js';
import { upload } from '../../../tests/support/server/photo-files.js';
import { createBuiltSiteApp, type TestApp } from '../../../tests/support/server/test-app.js';

// Against the real build (npm run build first): a published page shows the uploaded photos the
// content names, merged with the build's, and an uploaded hero is the page's preloaded LCP image
// (docs/decisions/0026-photos-by-id.md).

let site: TestApp;
let editor: ContentEditor;
beforeEach(async () => {
  site = await createBuiltSiteApp();
  editor = await contentEditor(site.app);
});
afterEach(() => site.close());

async function uploadDock(): Promise<string> {
  const bytes = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2a6f8f' } })
    .jpeg()
    .toBuffer();
  const response = await upload(site.app, editor.cookie, [{ name: 'dock.jpg', bytes }], {
    origin: 'http://estadia.test',
  });
  expect(response.statusCode, response.body).toBe(200);
  return PhotoUploadResultSchema.parse(response.json()).items[0]!.id;
}

/** The content with the uploaded photo first in the gallery and as the hero. */
function withUploadedHero(id: string) {
  const content = contentFile();
  const gallery = content.gallery as unknown[];
  gallery.unshift({ photo: id, alt: { en: 'The dock at dawn', 'pt-PT': 'O cais de madrugada' }, category: 'lake' });
  (content.hero as unknown as { photo: string }).photo = id;
  return content;
}

describe('uploaded photos on the published pages', () => {
  it('make an uploaded hero the preloaded, high-priority image, with its AVIF and WebP srcsets', async () => {
    const id = await uploadDock();
    const before = (await site.app.inject({ url: '/' })).body;
    expect(before).not.toContain(`/photos/${id}-`);
    await editor.publishContent(withUploadedHero(id));
    const page = (await site.app.inject({ url: '/' })).body;
    const variant = (ext: string) => new RegExp(`/photos/${id}-[0-9a-f]{8}-\\d+\\.${ext} \\d+w`);
    const preload = page.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? '';
    expect(preload).toContain('fetchpriority="high"');
    expect(preload).toMatch(variant('avif'));
    const hero = page.match(/<picture[^]*?<\/picture>/)?.[0] ?? '';
    expect(hero).toMatch(variant('avif'));
    expect(hero).toMatch(variant('webp'));
    expect(hero).toContain('fetchPriority="high"');
    expect(hero).toContain('loading="eager"');
    // Its alt text, from its gallery entry, describes the page's shared image.
    expect(page).toContain('<meta property="og:image:alt" content="The dock at dawn" />');
    // The build's photos are still there beside it, and the gallery's data names the upload.
    expect(page).toContain('/assets/img/exterior-01');
    expect(page).toMatch(new RegExp(`id="page-data">[^<]*/photos/${id}-`));
    const pt = (await site.app.inject({ url: '/pt/' })).body;
    expect(pt).toContain('<meta property="og:image:alt" content="O cais de madrugada" />');

    // A variant the page names is served.
    const url = preload.match(new RegExp(`/photos/${id}-[0-9a-f]{8}-\\d+\\.avif`))?.[0] ?? '';
    const served = await site.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
  });

  it('reach a second server on the same database with the version its poll reads', async () => {
    let tick: (() => Promise<void>) | undefined;
    const other = await createBuiltSiteApp(
      { DATABASE_URL: site.databaseUrl },
      {
        contentPoll: (run) => {
          tick = run;
          return () => undefined;
        },
      },
    );
    try {
      const id = await uploadDock();
      await editor.publishContent(withUploadedHero(id));
      expect((await other.app.inject({ url: '/' })).body).not.toContain(`/photos/${id}-`);
      await tick!();
      const page = (await other.app.inject({ url: '/' })).body;
      expect(page).toMatch(new RegExp(`<link rel="preload" as="image"[^>]*/photos/${id}-[0-9a-f]{8}-\\d+\\.avif`));
    } finally {
      await other.app.close();
    }
  });

  it('shows the uploaded hero in the preview of a draft, before it is published', async () => {
    const id = await uploadDock();
    const state = (await editor.state()).json<{ published: { version: number } }>();
    expect((await editor.save(state.published.version, withUploadedHero(id))).statusCode).toBe(200);
    const preview = await site.app.inject({ url: '/api/admin/content/preview', headers: { cookie: editor.cookie } });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toMatch(new RegExp(`<link rel="preload" as="image"[^>]*/photos/${id}-`));
    expect((await site.app.inject({ url: '/' })).body).not.toContain(`/photos/${id}-`);
  });
});
