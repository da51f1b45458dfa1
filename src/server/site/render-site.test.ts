import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RenderedPage } from '../../shared/rendered-site.js';
import { loadSiteRenderer, type SiteRendering } from './render-site.js';

// Against the real build: run `npm run build` first. The pages rendered at run time must be the
// pages the build wrote, and follow the content they are given
// (docs/decisions/0023-page-carries-its-content.md).
const ROOT = join(import.meta.dirname, '../../..');
const CLIENT_DIR = join(ROOT, 'dist/client');
const SSR_ENTRY = join(ROOT, 'dist/ssr/entry-server.js');

type Content = {
  hero: { headline: Record<string, string> };
  pricing: { nightly: number };
  arrival: Record<string, unknown>;
  about: { heading: Record<string, string> };
};
const content = () => JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as Content;

const PAGE_DATA = /<script type="application\/json" id="page-data">([^<]*)<\/script>/;
function pageData(page: RenderedPage) {
  const json = page.html.match(PAGE_DATA)?.[1];
  if (json === undefined) throw new Error(`${page.file} has no page data`);
  return JSON.parse(json) as { contents: Record<string, { hero: { headline: string }; pricing: { nightly: number } }> };
}
// On a failure, the text looked for rather than a whole page.
const has = (page: Pick<RenderedPage, 'html'>, text: string | RegExp) =>
  typeof text === 'string' ? page.html.includes(text) : text.test(page.html);
const allPages = (site: ReturnType<SiteRendering['render']>) => [
  ...site.landings,
  ...site.privacy,
  site.login,
  site.app,
];

let site: SiteRendering;
beforeAll(async () => {
  if (!existsSync(SSR_ENTRY)) throw new Error(`${SSR_ENTRY} is missing: run "npm run build" before this test`);
  site = await loadSiteRenderer(CLIENT_DIR, SSR_ENTRY);
});

describe('rendering the site at run time', () => {
  it('gives the repository’s content the very pages the build wrote', () => {
    const pages = allPages(site.render(content()));
    expect(pages.map((page) => page.file)).toEqual([
      'index.html',
      'pt/index.html',
      'privacy.html',
      'pt/privacy.html',
      'login.html',
      'app.html',
    ]);
    for (const page of pages)
      expect(page.html === readFileSync(join(CLIENT_DIR, page.file), 'utf8'), page.file).toBe(true);
  });

  it('shows a changed headline and price on the page and in its data', () => {
    const changed = content();
    changed.hero.headline.en = 'A brand new headline for the lake house';
    changed.pricing.nightly = 9900;
    const [en, pt] = site.render(changed).landings;
    expect(has(en!, '<span class="sr-only">A brand new headline for the lake house</span>')).toBe(true);
    expect(has(en!, '"priceRange":"€99–€180"')).toBe(true);
    expect(pageData(en!).contents.en).toMatchObject({
      hero: { headline: 'A brand new headline for the lake house' },
      pricing: { nightly: 9900 },
    });
    expect(has(pt!, 'A brand new headline')).toBe(false);
    expect(has(pt!, /"priceRange":"99\s€–180\s€"/)).toBe(true);
  });

  it('writes a script typed in a text as text, in the HTML and in the page’s data', () => {
    const typed = '</script><script>alert("x")</script><!-- <b>bold</b>';
    const changed = content();
    changed.hero.headline.en = typed;
    const plain = site.render(content()).landings[0]!.html;
    const [en] = site.render(changed).landings;
    expect(has(en!, '&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;!-- &lt;b&gt;')).toBe(true);
    expect(en!.html.split('<script').length).toBe(plain.split('<script').length);
    expect(has(en!, '<script>alert')).toBe(false);
    expect(pageData(en!).contents.en!.hero.headline).toBe(typed);
  });

  it('puts the door instructions on no page, nor in any page’s data', () => {
    const changed = content();
    changed.arrival = { ...changed.arrival, doorInstructions: { en: 'DOORSECRET-en', 'pt-PT': 'DOORSECRET-pt' } };
    for (const page of allPages(site.render(changed))) expect(has(page, 'DOORSECRET'), page.file).toBe(false);
  });

  it('refuses a document that is not valid content, naming the field and the locale', () => {
    const changed = content();
    delete changed.about.heading['pt-PT'];
    expect(() => site.render(changed)).toThrow(/about\.heading\.pt-PT: missing the pt-PT translation/);
  });
});
