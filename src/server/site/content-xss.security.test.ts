import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PropertySchema } from '../../shared/content.js';
import { contentEditor, type ContentEditor, contentFile } from '../../../tests/support/server/content-editor.js';
import { createBuiltSiteApp, type TestApp } from '../../../tests/support/server/test-app.js';

// Every text the owner types reaches the published pages as text, never as markup: each string
// of the content document, found by walking the repository's content file so a new field is
// covered without touching this test, is published as a script and rendered by the real build
// (docs/decisions/0023-page-carries-its-content.md). Run `npm run build` first.
const PAGES = ['/', '/pt/', '/privacy', '/pt/privacy', '/sitemap.xml'];
/** The attack, and a shorter one for a field with a length limit (the AL number's 60 characters). */
const ATTACKS = ['"><script>alert(1)</script><img src=x onerror=alert(1)>', '<script>alert(1)</script>'];
/** An attack as the page's text shows it, and as JSON inside a script element (every `<` as \\u003c). */
const asHtml = (attack: string) =>
  attack.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const asJson = (attack: string) => JSON.stringify(attack).slice(1, -1).replace(/</g, '\\u003c');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Path = (string | number)[];
type Json = Record<string | number, unknown>;

/** Every string in the document, by its path. */
function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

function withValue<T>(doc: T, path: Path, value: string): T {
  const copy = structuredClone(doc);
  const parent = path.slice(0, -1).reduce<unknown>((at, key) => (at as Json)[key], copy) as Json;
  parent[path[path.length - 1] as string] = value;
  return copy;
}

const named = (path: readonly PropertyKey[]) => path.map(String).join('.');
/** A marker that names the field, unique in the page, and no prefix of another (xss12x, xss120x). */
const markerOf = (index: number) => `xss${index}x`;

/** Each field's leaf with the attack in it: free texts take it, fields with a format refuse it. */
function plan() {
  const seed = contentFile();
  const free: { path: Path; marker: string; attack: string }[] = [];
  const refused: { path: Path; problems: string[] }[] = [];
  for (const path of stringLeaves(seed)) {
    const marker = markerOf(free.length);
    const tries = ATTACKS.map((attack) => ({
      attack,
      checked: PropertySchema.safeParse(withValue(seed, path, `${marker}${attack}`)),
    }));
    const taken = tries.find(({ checked }) => checked.success);
    if (taken) free.push({ path, marker, attack: taken.attack });
    else
      refused.push({ path, problems: tries.flatMap(({ checked }) => checked.error!.issues.map((i) => named(i.path))) });
  }
  const attacked = free.reduce((doc, { path, marker, attack }) => withValue(doc, path, `${marker}${attack}`), seed);
  return { free, refused, attacked };
}

let site: TestApp;
let editor: ContentEditor;
beforeEach(async () => {
  site = await createBuiltSiteApp();
  editor = await contentEditor(site.app);
});
afterEach(() => site.close());

// Each of the few hundred fields is checked by the whole content schema: some 14 s of CPU alone,
// past the 20 s default when the suite shares the two cores.
describe('a script typed into any field of the content', { timeout: 90_000 }, () => {
  it('is refused by the fields with a format (emails, addresses, codes, IBAN), each on its own path', () => {
    const { free, refused } = plan();
    expect(free.length).toBeGreaterThan(100);
    for (const { path, problems } of refused) expect(problems, named(path)).toContain(named(path));
    // The formats the schema checks, so a free text is never mistaken for one by this test.
    expect(refused.map(({ path }) => named(path))).toEqual(
      expect.arrayContaining([
        'contact.email',
        'contact.phone',
        'contact.instagramUrl',
        'location.country',
        'legal.complaintsBookUrl',
        'booking.bankTransfer.iban',
        'pricing.currency',
        'hero.photo',
      ]),
    );
  });

  it('shows as text on every published page, in the HTML, the JSON-LD and the page data', async () => {
    const { free, attacked } = plan();
    await editor.publishContent(attacked);
    const bodies = new Map<string, string>();
    for (const url of PAGES) {
      const response = await site.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      bodies.set(url, response.body);
    }
    const all = [...bodies.values()].join('\n');
    // Nothing the attack would run, anywhere.
    expect(all).not.toMatch(/<script>alert|<img src=x/i);
    for (const { path, marker } of free)
      for (const match of all.matchAll(new RegExp(marker, 'g'))) {
        const before = all.slice(0, match.index);
        const next = all[match.index + marker.length];
        // Each copy of the text goes on escaped wherever it is: its `<` never opens an element,
        // and inside a tag (an attribute) its quote never ends the attribute.
        expect(next, `${named(path)} (${marker})`).not.toBe('<');
        if (before.lastIndexOf('<') > before.lastIndexOf('>')) expect(next, `${named(path)} (${marker})`).not.toBe('"');
      }
    const inHtml = ({ marker, attack }: (typeof free)[number]) => all.includes(`${marker}${asHtml(attack)}`);
    const inJson = ({ marker, attack }: (typeof free)[number]) => all.includes(`${marker}${asJson(attack)}`);
    // Only what a guest sees after booking is missing from the public pages: the door instructions, and the owner as the contract names them.
    const absent = free.filter(({ marker }) => !all.includes(marker)).map(({ path }) => named(path));
    expect(absent.filter((path) => !/^(arrival|booking|legal\.owner)\./.test(path))).toEqual([]);
    expect(absent).toEqual(expect.arrayContaining(['arrival.doorInstructions.en', 'arrival.doorInstructions.pt-PT']));
    // Every other text is there as text: in the HTML, or in the JSON the page's scripts read.
    for (const field of free)
      if (all.includes(field.marker)) expect(inHtml(field) || inJson(field), named(field.path)).toBe(true);
    const shown = free.filter(inHtml).map(({ path }) => named(path));
    // The texts a guest reads, in both languages, in the HTML itself.
    for (const path of [
      'name',
      'titleSuffix.pt-PT',
      'hero.headline.en',
      'hero.headline.pt-PT',
      'about.paragraphs.0.en',
      'amenities.0.title.pt-PT',
      'attractions.0.description.en',
      'contact.address',
      'legal.registrationNumber',
    ])
      expect(shown, path).toContain(path);

    // The JSON-LD and the page data carry the texts escaped too.
    expect(all).toMatch(new RegExp(`application/ld\\+json">[^<]*xss0x${escapeRegExp(asJson(ATTACKS[0]!))}`));
    expect(all).toMatch(new RegExp(`id="page-data">[^<]*xss0x${escapeRegExp(asJson(ATTACKS[0]!))}`));
  });
});
