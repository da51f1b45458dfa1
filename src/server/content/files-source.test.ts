import { afterEach, describe, expect, it } from 'vitest';
import { contentEditor, contentFile, withCleaningFee } from '../../../tests/support/server/content-editor.js';
import { createTestApp, type TestApp } from '../../../tests/support/server/test-app.js';
import { storedText } from './content-document.js';
import { loadProperty } from './load-property.js';

// CONTENT_SOURCE=files: the content is the folder, as before the editor; the editor only reads.

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});

describe('CONTENT_SOURCE=files', () => {
  it('serves the files, answers the editor’s reads, refuses every write with content_read_only, and stores nothing', async () => {
    const t = await createTestApp({ CONTENT_SOURCE: 'files' });
    apps.push(t);
    const editor = await contentEditor(t.app);
    const state = await editor.state();
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({
      published: { version: 0, content: JSON.parse(storedText(loadProperty('content'))) },
      draft: null,
      stripeConfigured: false,
    });
    expect((await editor.versions()).json()).toEqual({ items: [], nextCursor: null });
    expect((await editor.version(1)).statusCode).toBe(404);

    for (const response of [
      await editor.save(0, contentFile()),
      await editor.save('not even a version', 'nor a document'),
      await editor.publish(0),
      await editor.restore(1),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'content_read_only',
        message: expect.stringMatching(/CONTENT_SOURCE=files/),
      });
    }
    expect(await t.app.db.selectFrom('contentVersions').selectAll().execute()).toEqual([]);
    expect(await t.app.db.selectFrom('contentDraft').selectAll().execute()).toEqual([]);
  });

  it('serves the files even on a database whose published content differs', async () => {
    const edited = await createTestApp();
    apps.push(edited);
    await (await contentEditor(edited.app)).publishContent(withCleaningFee(contentFile(), 9900));
    const files = await createTestApp({ DATABASE_URL: edited.databaseUrl, CONTENT_SOURCE: 'files' });
    apps.push(files);
    expect(files.app.property.pricing?.cleaningFee).toBe(5000);
    expect(files.app.content.current().version).toBe(0);
    expect(edited.app.property.pricing?.cleaningFee).toBe(9900);
  });

  it('answers 401 without a session before saying it is read-only', async () => {
    const t = await createTestApp({ CONTENT_SOURCE: 'files' });
    apps.push(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/publish',
      payload: { baseVersion: 0 },
    });
    expect(response.statusCode).toBe(401);
  });
});
