import { expect, test } from '../support/browser/test-fixtures.js';

// Each language's page: its lang, a canonical URL to itself, and the same complete, reciprocal set
// of hreflang alternates (each language and x-default), as the sitemap lists them.
const PAGES = [
  { path: '/', lang: 'en', ogLocale: 'en_US', description: /^A rustic three-bedroom lake house/ },
  { path: '/pt/', lang: 'pt-PT', ogLocale: 'pt_PT', description: /^Uma casa rústica de três quartos/ },
];

const attributes = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m.slice(1).join(' '));

test('each page names its language, itself, and every alternate, reciprocally', async ({ request, server }) => {
  const site = server.url;
  const expectedAlternates = [`en ${site}/`, `pt-PT ${site}/pt/`, `x-default ${site}/`];
  for (const page of PAGES) {
    const html = await (await request.get(`${site}${page.path}`)).text();
    expect(html).toContain(`<html lang="${page.lang}">`);
    expect(attributes(html, /<link rel="canonical" href="([^"]+)"/g)).toEqual([`${site}${page.path}`]);
    const alternates = attributes(html, /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g);
    expect(alternates).toEqual(expectedAlternates);
    // Reciprocal: every alternate is a page that lists this one back.
    for (const alternate of alternates) {
      const href = alternate.split(' ')[1]!;
      const other = await (await request.get(href)).text();
      expect(attributes(other, /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)).toContain(
        `${page.lang} ${site}${page.path}`,
      );
    }
    expect(attributes(html, /<meta property="og:locale" content="([^"]+)"/g)).toEqual([page.ogLocale]);
    expect(attributes(html, /<meta property="og:url" content="([^"]+)"/g)).toEqual([`${site}${page.path}`]);
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? '{}') as {
      url: string;
      description: string;
    };
    expect(jsonLd.url).toBe(`${site}${page.path}`);
    expect(jsonLd.description).toMatch(page.description);
  }
});

test('the sitemap lists both pages and both privacy pages, each with every alternate', async ({ request, server }) => {
  const site = server.url;
  const xml = await (await request.get(`${site}/sitemap.xml`)).text();
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
  expect(urls.map((u) => u.match(/<loc>([^<]+)<\/loc>/)?.[1])).toEqual([
    `${site}/`,
    `${site}/pt/`,
    `${site}/privacy`,
    `${site}/pt/privacy`,
  ]);
  for (const url of urls.slice(0, 2)) {
    expect(attributes(url, /hreflang="([^"]+)" href="([^"]+)"/g)).toEqual([
      `en ${site}/`,
      `pt-PT ${site}/pt/`,
      `x-default ${site}/`,
    ]);
  }
  for (const url of urls.slice(2)) {
    expect(attributes(url, /hreflang="([^"]+)" href="([^"]+)"/g)).toEqual([
      `en ${site}/privacy`,
      `pt-PT ${site}/pt/privacy`,
      `x-default ${site}/privacy`,
    ]);
  }
  // Every page the sitemap lists is there.
  for (const url of urls) expect((await request.get(url.match(/<loc>([^<]+)<\/loc>/)![1]!)).status()).toBe(200);
});

test('each privacy page has its title, description, canonical URL and reciprocal alternates, in its language', async ({
  request,
  server,
}) => {
  const site = server.url;
  const expectedAlternates = [`en ${site}/privacy`, `pt-PT ${site}/pt/privacy`, `x-default ${site}/privacy`];
  for (const page of [
    {
      path: '/privacy',
      lang: 'en',
      title: 'Privacy - Casa do Lago',
      description: /^Who is responsible for the data Casa do Lago keeps/,
    },
    {
      path: '/pt/privacy',
      lang: 'pt-PT',
      title: 'Privacidade - Casa do Lago',
      description: /^Quem é responsável pelos dados que a Casa do Lago guarda/,
    },
  ]) {
    const html = await (await request.get(`${site}${page.path}`)).text();
    expect(html).toContain(`<html lang="${page.lang}">`);
    expect(attributes(html, /<title>([^<]+)<\/title>/g)).toEqual([page.title]);
    expect(attributes(html, /<meta name="description" content="([^"]+)"/g)[0]).toMatch(page.description);
    expect(attributes(html, /<link rel="canonical" href="([^"]+)"/g)).toEqual([`${site}${page.path}`]);
    expect(attributes(html, /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)).toEqual(expectedAlternates);
  }
});
