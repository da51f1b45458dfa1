import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeClientBuild } from '../../../tests/support/server/client-build.js';
import {
  contentEditor,
  type ContentEditor,
  contentFile,
  otherHouseContent,
} from '../../../tests/support/server/content-editor.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';

// The built pages served are those of the published content's languages, whichever is current.

let dir: string;
let site: TestApp;
let editor: ContentEditor;
let logged: string[];
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estadia-languages-'));
  writeClientBuild(join(dir, 'client'));
  logged = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  site = await createTestApp({ LOG_LEVEL: 'warn' }, { clientDir: join(dir, 'client'), logStream });
  editor = await contentEditor(site.app);
});
afterEach(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (path: string) => (await site.app.inject(path)).body;

describe('the pages of the published languages', () => {
  it('drop a language when a publish drops it, and serve it again when a publish brings it back', async () => {
    expect(await page('/pt/')).toContain('Página inicial');
    await editor.publishContent(otherHouseContent());
    expect(await page('/')).toContain('<h1>Landing</h1>');
    // No Portuguese any more: the path is an unknown page path, redirected home.
    for (const url of ['/pt/', '/pt/privacy', '/pt/anything']) {
      const gone = await site.app.inject(url);
      expect(gone.statusCode, url).toBe(302);
      expect(gone.headers.location, url).toBe('/');
    }
    await editor.publishContent(contentFile());
    expect(await page('/pt/')).toContain('Página inicial');
    expect(await page('/pt/privacy')).toContain('lang="pt-PT"');
  });

  it('keep the pages they have, with a warning, when the build has none for a published language', async () => {
    await editor.publishContent(otherHouseContent());
    unlinkSync(join(dir, 'client', 'pt', 'index.html'));
    await editor.publishContent(contentFile());
    expect(site.app.property.locales).toEqual(['en', 'pt-PT']);
    expect(await page('/')).toContain('<h1>Landing</h1>');
    expect((await site.app.inject('/pt/')).headers.location).toBe('/');
    expect(logged.join('')).toContain('the published languages have no built pages yet');
  });
});
