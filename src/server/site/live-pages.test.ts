import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentEditor, type ContentEditor, contentFile } from '../../../tests/support/server/content-editor.js';
import { createBuiltSiteApp, type TestApp } from '../../../tests/support/server/test-app.js';

// Against the real build (npm run build first): the pages served are rendered from the published
// content, at start and at each publish, and the preview from the draft
// (docs/decisions/0023-page-carries-its-content.md).

let site: TestApp;
let editor: ContentEditor;
beforeEach(async () => {
  site = await createBuiltSiteApp();
  editor = await contentEditor(site.app);
});
afterEach(() => site.close());

const get = (url: string, cookie?: string) => site.app.inject({ url, headers: cookie ? { cookie } : {} });
const withHeadline = (en: string, pt: string) => {
  const content = contentFile();
  content.hero.headline = { en, 'pt-PT': pt };
  return content;
};
/** The CSP sources of a page's JSON-LD block, which its answer's header must allow. */
const jsonLdHashes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );

describe('the pages of the published content', () => {
  it('show a publish at once, in every language, with their new ETag', async () => {
    const before = await get('/');
    expect(before.body).toContain('Your quiet corner on the Castelo de Bode lake');
    await editor.publishContent(withHeadline('A headline published <b>now</b>', 'Um título publicado agora'));
    const after = await get('/');
    expect(after.body).toContain('A headline published &lt;b&gt;now&lt;/b&gt;');
    expect(after.body).not.toContain('Your quiet corner on the Castelo de Bode lake');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get('/pt/')).body).toContain('Um título publicado agora');
    // The page's data carries the new text for the islands, not the door instructions.
    expect(after.body).toMatch(/id="page-data">[^<]*A headline published/);
    expect(after.body).not.toContain(contentFile().arrival.doorInstructions.en);
  });

  it("have every inline script of the page's own in the CSP, before and after a publish", async () => {
    const first = await get('/');
    expect(jsonLdHashes(first.body).length).toBeGreaterThan(0);
    for (const hash of jsonLdHashes(first.body)) expect(first.headers['content-security-policy']).toContain(hash);
    await editor.publishContent(withHeadline('Another headline', 'Outro título'));
    const next = await get('/');
    for (const hash of jsonLdHashes(next.body)) expect(next.headers['content-security-policy']).toContain(hash);
  });
});

describe('the preview', () => {
  it("shows the draft's page to the owner only, never cached, while the live page stays", async () => {
    const { published } = (await editor.state()).json<{ published: { version: number } }>();
    expect(
      (await editor.save(published.version, withHeadline('Draft headline', 'Título do rascunho'))).statusCode,
    ).toBe(200);
    const preview = await get('/api/admin/content/preview?locale=pt', editor.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toContain('text/html');
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    expect(preview.body).toContain('Título do rascunho');
    expect(preview.body).toContain('lang="pt-PT"');
    expect(preview.body).toMatch(
      /<body[^>]*><p role="note" data-testid="preview-band"[^>]*>Pré-visualização — não publicada<\/p>/,
    );
    expect((await get('/pt/')).body).not.toContain('preview-band');
    const english = (await get('/api/admin/content/preview?locale=en', editor.cookie)).body;
    expect(english).toContain('Draft headline');
    expect(english).toMatch(/<p role="note" data-testid="preview-band"[^>]*>Preview — not published<\/p>/);
    expect((await get('/')).body).not.toContain('Draft headline');
    const stranger = await get('/api/admin/content/preview');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const unknown = await get('/api/admin/content/preview?locale=de', editor.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
