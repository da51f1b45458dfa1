import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  contentEditor,
  type ContentEditor,
  contentFile,
  withCleaningFee,
  otherHouseContent,
} from '../../../tests/support/server/content-editor.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { addDays } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';
import { encodeCursor } from '../lib/cursor.js';
import { CONTENT_BODY_LIMIT } from './admin-routes.js';
import { storedText } from './content-document.js';
import { insertVersion } from './content-versions-data.js';
import { loadProperty } from './load-property.js';

// The content editor's API on the real app and database: drafts, conflicts, publishing, versions
// and restoring, for the administrator only.

const SECRET_DOOR = 'Lockbox code 4711-SECRET, under the third flower pot';
let clock = Date.parse('2026-11-26T10:00:00.000Z');
let logged: string[] = [];
let t: TestApp;
let editor: ContentEditor;

// A fresh app for each test: version 1 from the repository's files, no draft.
beforeEach(async () => {
  logged = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  clock += 60_000;
  // Every line the app writes, so no door instruction can hide in one.
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream, now: () => clock });
  editor = await contentEditor(t.app);
});
afterEach(async () => t.close());

/** The repository's content as the server stores it: checked, texts trimmed, defaults written out. */
const stored = () => JSON.parse(storedText(loadProperty('content'))) as Record<string, unknown>;
const checkIn = addDays(earliestToday(), 40);
const quoteTotal = async (app = t.app) => {
  const response = await app.inject(`/api/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=2`);
  expect(response.statusCode).toBe(200);
  return response.json<{ total: number }>().total;
};

describe('GET /api/admin/content', () => {
  it('answers version 1, the content folder, and no draft', async () => {
    const response = await editor.state();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      published: { version: 1, content: stored() },
      draft: null,
      stripeConfigured: false,
    });
  });

  it('says whether Stripe is set up, so the editor can say what its payment methods need', async () => {
    const withStripe = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    try {
      const state = await contentEditor(withStripe.app).then((e) => e.state());
      expect(state.json()).toMatchObject({ stripeConfigured: true });
    } finally {
      await withStripe.close();
    }
  });
});

describe('saving a draft', () => {
  it('answers the new draft, which the next GET shows, and leaves the published content as it was', async () => {
    const before = await quoteTotal();
    const changed = withCleaningFee(contentFile(), 9900);
    changed.hero.headline.en = '  A new headline  ';
    const saved = await editor.save(1, changed);
    expect(saved.statusCode).toBe(200);
    const draft = saved.json();
    expect(draft).toEqual({
      baseVersion: '1.1',
      content: expect.any(Object),
      updatedAt: new Date(clock).toISOString(),
    });
    expect(draft.content.hero.headline.en).toBe('A new headline');
    expect(draft.content.pricing.cleaningFee).toBe(9900);
    expect((await editor.state()).json()).toEqual({
      published: { version: 1, content: stored() },
      draft,
      stripeConfigured: false,
    });
    expect(await quoteTotal()).toBe(before);
  });

  it('refuses a save from a copy older than the draft, so a second tab cannot overwrite the first', async () => {
    const first = await editor.save(1, withCleaningFee(contentFile(), 7000));
    expect(first.statusCode).toBe(200);
    // The second tab read version 1 too, before the first saved.
    const second = await editor.save(1, withCleaningFee(contentFile(), 8000));
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'draft_conflict' });
    expect((await editor.state()).json().draft.content.pricing.cleaningFee).toBe(7000);
    // The first tab goes on from its own draft.
    const again = await editor.save(first.json().baseVersion, withCleaningFee(contentFile(), 7500));
    expect(again.statusCode).toBe(200);
    expect(again.json().baseVersion).toBe('1.2');
    // And a copy of the first save is now as stale as version 1.
    expect((await editor.save(first.json().baseVersion, contentFile())).statusCode).toBe(409);
    expect((await editor.save(2, contentFile())).statusCode).toBe(409);
  });

  it('refuses invalid content with the path of every field at fault, a text’s with its language, and saves nothing', async () => {
    const bad = contentFile();
    bad.hero.headline['pt-PT'] = ' ';
    bad.contact.email = 'not an address';
    const response = await editor.save(1, bad);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error).toMatchObject({ code: 'invalid_field', field: 'hero.headline.pt-PT' });
    expect(error.issues).toEqual([
      { field: 'hero.headline.pt-PT', message: 'missing the pt-PT translation' },
      { field: 'contact.email', message: expect.any(String) },
    ]);
    expect((await editor.state()).json().draft).toBeNull();
  });

  it('refuses a tourist tax that says more than the two fields of release 0.1 and names no municipality, naming the field, and saves one that names it', async () => {
    const unnamed = contentFile();
    unnamed.pricing.touristTax = { perGuestPerNight: 200, maxNights: 7, minAge: 13 };
    const refused = await editor.save(1, unnamed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      {
        field: 'pricing.touristTax.municipality',
        message: 'must name the municipality whose tax it is, such as Lisboa',
      },
    ]);
    expect((await editor.state()).json().draft).toBeNull();
    // The editor's "Charge a tourist tax" starts with an empty municipality: refused until filled.
    unnamed.pricing.touristTax = { municipality: '', perGuestPerNight: 200 };
    expect((await editor.save(1, unnamed)).json().error.issues).toEqual([
      { field: 'pricing.touristTax.municipality', message: 'must not be empty' },
    ]);
    unnamed.pricing.touristTax = { municipality: 'Abrantes', perGuestPerNight: 200 };
    expect((await editor.save(1, unnamed)).statusCode).toBe(200);
  });

  it('refuses a body that is not a version and a document', async () => {
    for (const body of [{ content: contentFile() }, { baseVersion: '1', content: contentFile() }, { baseVersion: 1 }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/content/draft',
        headers: { cookie: editor.cookie, origin: 'http://estadia.test' },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await editor.save(1, [contentFile()])).json().error.field).toBe('content');
  });

  it('takes a document far larger than the app’s 16 KB limit, and refuses one past its own', async () => {
    const large = contentFile();
    large.description = { en: 'x'.repeat(100_000), 'pt-PT': 'y'.repeat(10) };
    expect((await editor.save(1, large)).statusCode).toBe(200);
    const tooLarge = { ...large, description: { en: 'x'.repeat(CONTENT_BODY_LIMIT), 'pt-PT': 'y' } };
    const refused = await editor.save('1.1', tooLarge);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe('payload_too_large');
  });
});

describe('publishing', () => {
  it('makes the draft the next version: the quote changes at once, the version is listed, the draft is gone', async () => {
    const before = await quoteTotal();
    const saved = await editor.save(1, withCleaningFee(contentFile(), 9900));
    const published = await editor.publish(saved.json().baseVersion);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ version: 2 });
    expect(await quoteTotal()).toBe(before - 5000 + 9900);
    expect(t.app.property.pricing?.cleaningFee).toBe(9900);
    expect(t.app.bookings.property.pricing?.cleaningFee).toBe(9900);

    const state = (await editor.state()).json();
    expect(state.draft).toBeNull();
    expect(state.published.version).toBe(2);
    const list = await editor.versions();
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      items: [
        { version: 2, publishedAt: new Date(clock).toISOString(), publishedBy: 'admin' },
        { version: 1, publishedAt: expect.any(String), publishedBy: 'files' },
      ],
      nextCursor: null,
    });
    const two = await editor.version(2);
    expect(two.json()).toMatchObject({ version: 2, publishedBy: 'admin', content: { pricing: { cleaningFee: 9900 } } });
    expect((await editor.version(1)).json().content).toEqual(stored());
    expect((await editor.version(3)).statusCode).toBe(404);
  });

  it('refuses a stale token, a second publish of the same draft, and a publish without a draft', async () => {
    const first = await editor.save(1, withCleaningFee(contentFile(), 6000));
    const second = await editor.save(first.json().baseVersion, withCleaningFee(contentFile(), 6100));
    // The tab that saw the first save publishes what it saw: the draft changed since.
    const stale = await editor.publish(first.json().baseVersion);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('draft_conflict');

    const token = second.json().baseVersion;
    const [a, b] = await Promise.all([editor.publish(token), editor.publish(token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().error.code).toBe('draft_conflict');
    expect(t.app.property.pricing?.cleaningFee).toBe(6100);

    const none = await editor.publish(2);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('conflict');
    expect((await editor.versions()).json().items).toHaveLength(2);
  });

  it('pages the versions newest first', async () => {
    for (const fee of [5100, 5200, 5300]) await editor.publishContent(withCleaningFee(contentFile(), fee));
    const first = (await editor.versions('?limit=3')).json();
    expect(first.items.map((v: { version: number }) => v.version)).toEqual([4, 3, 2]);
    const rest = (await editor.versions(`?limit=3&cursor=${first.nextCursor}`)).json();
    expect(rest).toEqual({ items: [expect.objectContaining({ version: 1 })], nextCursor: null });
    // Another list's cursor names a row, not a version.
    const foreign = encodeCursor({ createdAt: '2026-11-26T10:00:00.000Z', id: 'd67a3a6b-fa9f-4c48-8abb-07c7c86aaf40' });
    const refused = await editor.versions(`?cursor=${foreign}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.field).toBe('cursor');
  });

  it('publishes another house whole: its one language and no prices, to every route that reads them', async () => {
    // Its photos are files of its own folder, which this build does not have: it shows ours.
    const other = otherHouseContent();
    const houseRules = async () =>
      (await t.app.inject('/api/booking/options')).json<{ houseRules: string }>().houseRules;
    expect(await houseRules()).not.toBe('');
    await editor.publishContent(other);
    const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=2`;
    expect((await t.app.inject(`/api/quote?${stay}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/quote?${stay}&locale=pt-PT`)).json().error.field).toBe('locale');
    const sitemap = (await t.app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>http://estadia.test/</loc>');
    expect(sitemap).not.toContain('/pt/');
    expect(await houseRules()).toBe('');
  });

  it('publishes a new capacity to every route that checks it', async () => {
    const smaller = { ...contentFile(), capacity: 3 };
    await editor.publishContent(smaller);
    const quote = await t.app.inject(`/api/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=5`);
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error).toMatchObject({ field: 'guests', message: 'Guests must be a whole number from 1 to 3' });
    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { name: 'Ana', email: 'ana@example.com', guests: 5 },
    });
    expect(inquiry.statusCode).toBe(400);
    expect(inquiry.json().error.field).toBe('guests');
  });
});

describe('restoring a version', () => {
  it('makes that version’s content the draft, which publishes it again', async () => {
    const before = await quoteTotal();
    await editor.publishContent(withCleaningFee(contentFile(), 9900));
    const restored = await editor.restore(1);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({
      baseVersion: '2.1',
      content: stored(),
      updatedAt: new Date(clock).toISOString(),
    });
    expect(await quoteTotal()).toBe(before - 5000 + 9900);
    expect((await editor.publish('2.1')).json()).toEqual({ version: 3 });
    expect(await quoteTotal()).toBe(before);
    expect((await editor.restore(9)).statusCode).toBe(404);
  });

  it('replaces the draft, unless told the draft the editor saw and that one changed since', async () => {
    const saved = await editor.save(1, withCleaningFee(contentFile(), 7000));
    const stale = await editor.restore(1, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('draft_conflict');
    expect((await editor.state()).json().draft.content.pricing.cleaningFee).toBe(7000);
    const checked = await editor.restore(1, saved.json().baseVersion);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().baseVersion).toBe('1.2');
    expect((await editor.restore(1)).json().baseVersion).toBe('1.3');
  });

  it('restores a version the schema now refuses as it was, and publishing it answers 400 with its fields', async () => {
    const old = contentFile() as Record<string, unknown>;
    delete old.legal;
    // As an older release could have stored it, before the legal fields were required.
    await insertVersion(t.app.db, {
      version: 2,
      content: JSON.stringify(old),
      publishedAt: new Date(clock).toISOString(),
      publishedBy: 'admin',
    });
    const restored = await editor.restore(2);
    expect(restored.statusCode).toBe(200);
    const refused = await editor.publish(restored.json().baseVersion);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_field', field: 'legal.registrationNumber' });
    expect((await editor.state()).json().draft.baseVersion).toBe(restored.json().baseVersion);
  });
});

describe('who may use it', () => {
  const routes = [
    ['GET', '/api/admin/content'],
    ['PUT', '/api/admin/content/draft'],
    ['POST', '/api/admin/content/publish'],
    ['GET', '/api/admin/content/versions'],
    ['GET', '/api/admin/content/versions/1'],
    ['POST', '/api/admin/content/versions/1/restore'],
  ] as const;

  it('answers 401 to every route without a session, and writes nothing', async () => {
    for (const [method, url] of routes) {
      const payload = method === 'PUT' ? { baseVersion: 1, content: contentFile() } : { baseVersion: 1 };
      const response = await t.app.inject({ method, url, ...(method === 'GET' ? {} : { payload }) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await editor.state()).json().draft).toBeNull();
  });

  it('answers 403 to a write from another origin, with a valid session', async () => {
    const cookie = await login(t.app);
    for (const [method, url] of routes.filter(([method]) => method !== 'GET')) {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie, origin: 'http://evil.example' },
        payload: { baseVersion: 1, content: contentFile() },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await editor.state()).json().draft).toBeNull();
  });
});

describe('the door instructions', () => {
  it('reach the administrator here but never the log, whatever is saved, refused, published or restored', async () => {
    const secret = contentFile();
    secret.arrival.doorInstructions = { en: SECRET_DOOR, 'pt-PT': SECRET_DOOR };
    const saved = await editor.save(1, secret);
    expect(saved.json().content.arrival.doorInstructions.en).toBe(SECRET_DOOR);
    const invalid = { ...secret, capacity: 'many' };
    expect((await editor.save(saved.json().baseVersion, invalid)).statusCode).toBe(400);
    await editor.publish(saved.json().baseVersion);
    expect((await editor.version(2)).json().content.arrival.doorInstructions.en).toBe(SECRET_DOOR);
    await editor.restore(2);
    expect((await editor.state()).json().draft.content.arrival.doorInstructions.en).toBe(SECRET_DOOR);
    const log = logged.join('');
    expect(log).toContain('/api/admin/content/publish');
    expect(log).not.toContain('4711-SECRET');
  });
});
