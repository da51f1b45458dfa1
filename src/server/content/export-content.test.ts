import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PhotoUploadResultSchema } from '../../shared/photos.js';
import { upload } from '../../../tests/support/server/photo-files.js';
import { contentEditor, contentFile, withCleaningFee } from '../../../tests/support/server/content-editor.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { exportContent } from './export-content.js';
import { loadProperty } from './load-property.js';

// npm run content:export: the published content back out as a folder loadProperty reads.

let t: TestApp;
let out: string;
beforeEach(async () => {
  t = await createTestApp();
  out = mkdtempSync(join(tmpdir(), 'estadia-export-'));
  await (await contentEditor(t.app)).publishContent({ ...withCleaningFee(contentFile(), 9900), bedrooms: 4 });
});
afterEach(async () => {
  await t.close();
  rmSync(out, { recursive: true, force: true });
});

const log = { error: () => undefined };

describe('exporting the content', () => {
  it('writes the published version as a folder that loadProperty reads back equal, with the photos', async () => {
    const dir = join(out, 'site');
    expect(await exportContent(t.app.db, 'content', dir, { log })).toEqual({
      version: 2,
      photos: readdirSync('content/photos').length,
      uploaded: 0,
    });
    expect(loadProperty(dir)).toEqual(t.app.property);
    expect(loadProperty(dir).bedrooms).toBe(4);
    expect(readdirSync(join(dir, 'photos')).sort()).toEqual(readdirSync('content/photos').sort());
    expect(readFileSync(join(dir, 'property.json'), 'utf8')).toMatch(
      /^\{\n {2}"locales": \[\n {4}"en",\n {4}"pt-PT"\n {2}\],\n {2}"name": "Casa do Lago",\n/,
    );
  });

  it('writes an uploaded photo the content shows as a file of photos/, named in property.json', async () => {
    const editor = await contentEditor(t.app);
    const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#80a040' } })
      .jpeg()
      .toBuffer();
    const sent = await upload(t.app, editor.cookie, [{ name: 'boat.jpg', bytes }], { origin: 'http://estadia.test' });
    const id = PhotoUploadResultSchema.parse(sent.json()).items[0]!.id;
    const content = contentFile();
    (content.gallery as unknown[]).push({ photo: id, alt: { en: 'The boat', 'pt-PT': 'O barco' }, category: 'lake' });
    (content.hero as unknown as { photo: string }).photo = id;
    await editor.publishContent(content);

    const dir = join(out, 'with-upload');
    expect(await exportContent(t.app.db, 'content', dir, { log })).toMatchObject({ version: 3, uploaded: 1 });
    const exported = loadProperty(dir);
    expect(exported.hero.photo).toBe(`${id}.jpg`);
    expect(exported.gallery.at(-1)).toMatchObject({ photo: `${id}.jpg`, category: 'lake' });
    expect(await sharp(join(dir, 'photos', `${id}.jpg`)).metadata()).toMatchObject({
      format: 'jpeg',
      // Its largest variant: the store keeps no source (docs/decisions/0024-uploaded-photos.md).
      width: 800,
      height: 533,
    });
  });

  it('runs as npm run content:export, formatted like the repository’s own file', async () => {
    const dir = join(out, 'from-script');
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/content-export.ts', dir], {
      env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/Wrote version 2 of the content/);
    expect(loadProperty(dir)).toEqual(t.app.property);
    // Short lists on one line, as Prettier writes content/property.json.
    expect(readFileSync(join(dir, 'property.json'), 'utf8')).toContain('"locales": ["en", "pt-PT"]');
  }, 60_000);
});
