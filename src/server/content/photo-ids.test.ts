import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PropertySchema } from '../../shared/content.js';
import { PhotoUploadResultSchema } from '../../shared/photos.js';
import { contentEditor, type ContentEditor, contentFile } from '../../../tests/support/server/content-editor.js';
import { upload } from '../../../tests/support/server/photo-files.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

// The content names each photo by id: a build photo by its file name, an uploaded one by the
// store's id; a save or publish naming any other is refused with the field
// (docs/decisions/0026-photos-by-id.md).

let t: TestApp;
let editor: ContentEditor;
beforeEach(async () => {
  t = await createTestApp();
  editor = await contentEditor(t.app);
});
afterEach(() => t.close());

type Gallery = { photo: string; alt: Record<string, string>; category: string; key?: string }[];
const gallery = (content: Record<string, unknown>) => content.gallery as Gallery;

async function uploadOne(): Promise<string> {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3060a0' } })
    .jpeg()
    .toBuffer();
  const response = await upload(t.app, editor.cookie, [{ name: 'dock.jpg', bytes }], {
    origin: 'http://estadia.test',
  });
  expect(response.statusCode, response.body).toBe(200);
  return PhotoUploadResultSchema.parse(response.json()).items[0]!.id;
}

const latest = async () => (await editor.state()).json<{ published: { version: number } }>().published.version;

describe('photos by id in the content', () => {
  it('reads a gallery entry written with "file" as its photo, and refuses an id that is no photo', () => {
    const legacy = contentFile();
    const { photo, ...rest } = gallery(legacy)[0]!;
    gallery(legacy)[0] = { ...rest, file: photo } as never;
    const parsed = PropertySchema.parse(legacy);
    expect(parsed.gallery[0]!.photo).toBe(photo);
    expect(parsed.gallery[0]).not.toHaveProperty('file');

    const odd = contentFile();
    gallery(odd)[2]!.photo = '../secrets';
    const refused = PropertySchema.safeParse(odd);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['gallery.2.photo']);
  });

  it('saves a draft naming an uploaded photo, and refuses one naming a photo that does not exist', async () => {
    const id = await uploadOne();
    const content = contentFile();
    gallery(content).unshift({ photo: id, alt: { en: 'The dock', 'pt-PT': 'O cais' }, category: 'lake' });
    (content.hero as unknown as { photo: string }).photo = id;
    const saved = await editor.save(await latest(), content);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ content: { hero: { photo: string } } }>().content.hero.photo).toBe(id);

    const stranger = contentFile();
    gallery(stranger)[3]!.photo = '6f1c2a44-0000-4000-8000-000000000000';
    (stranger.about as { photo: string }).photo = 'not-a-photo-here.jpg';
    const refused = await editor.save(saved.json<{ baseVersion: string }>().baseVersion, stranger);
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ error: { code: string; field: string; issues: { field: string }[] } }>();
    expect(body.error.code).toBe('invalid_field');
    expect(body.error.field).toBe('about.photo');
    expect(body.error.issues.map((i) => i.field)).toEqual(['about.photo', 'gallery.3.photo']);
  });

  it('refuses to publish a draft whose uploaded photo was deleted since it was saved', async () => {
    const id = await uploadOne();
    const content = contentFile();
    gallery(content).push({ photo: id, alt: { en: 'The dock', 'pt-PT': 'O cais' }, category: 'lake' });
    const saved = await editor.save(await latest(), content);
    expect(saved.statusCode, saved.body).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/photos/${id}`,
      headers: { cookie: editor.cookie, origin: 'http://estadia.test' },
    });
    expect(removed.statusCode).toBe(204);
    const refused = await editor.publish(saved.json<{ baseVersion: string }>().baseVersion);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { field: `gallery.${gallery(content).length - 1}.photo` } });
  });

  it('will not delete a photo the published content shows (409 photo_in_use), and lists it in the library', async () => {
    const id = await uploadOne();
    const content = contentFile();
    gallery(content).push({ photo: id, alt: { en: 'The dock', 'pt-PT': 'O cais' }, category: 'lake' });
    await editor.publishContent(content);
    const headers = { cookie: editor.cookie, origin: 'http://estadia.test' };
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/photos/${id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'photo_in_use' } });

    const library = await t.app.inject({ method: 'GET', url: '/api/admin/content/photos', headers });
    expect(library.statusCode).toBe(200);
    const items = library.json<{ items: { id: string; source: string; thumbnail: string }[] }>().items;
    expect(items.find((item) => item.id === id)).toMatchObject({
      source: 'uploaded',
      thumbnail: expect.stringMatching(new RegExp(`^/photos/${id}-[0-9a-f]{8}-\\d+\\.(webp|jpg)$`)),
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/content/photos' });
    expect(anonymous.statusCode).toBe(401);
  });
});
