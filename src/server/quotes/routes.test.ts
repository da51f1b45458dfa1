import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SmtpSink } from '../../../tests/support/server/smtp-sink.js';
import { createTestApp, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { localizeProperty } from '../../shared/content.js';
import { addDays } from '../../shared/date-ranges.js';
import { earliestToday } from '../../shared/dates.js';
import { quoteStay } from '../../shared/quote.js';
import { formatAmount } from '../../shared/quote-text.js';
import { loadProperty } from '../content/load-property.js';

const property = loadProperty('content');
const pricing = (locale: string) => localizeProperty(property, locale).pricing!;
const d = (offset: number) => addDays(earliestToday(), offset);
/** The next 1 July at least two weeks away, and the Saturday on or after it (a Summer arrival day). */
const summerSaturday = () => {
  let day = `${d(14).slice(0, 4)}-07-01`;
  if (day < d(14)) day = `${Number(day.slice(0, 4)) + 1}-07-01`;
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 6) day = addDays(day, 1);
  return day;
};

let t: TestApp;
let sink: SmtpSink;
let cookie: string;
beforeAll(async () => {
  sink = await SmtpSink.start();
  t = await createTestApp({ SUBMISSIONS_PER_WINDOW: '1000', SMTP_URL: sink.url, MAIL_TO: 'owner@example.com' });
  cookie = await login(t.app);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});
beforeEach(async () => {
  await t.app.db.deleteFrom('calendarBlocks').execute();
});

const quote = (query: string) => t.app.inject({ method: 'GET', url: `/api/quote?${query}` });

describe('GET /api/quote', () => {
  it('answers the shared function’s quote for the content’s prices, in the page’s language', async () => {
    const checkIn = summerSaturday();
    const checkOut = addDays(checkIn, 7);
    const en = await quote(`checkIn=${checkIn}&checkOut=${checkOut}&guests=6`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('public, max-age=10');
    expect(en.json()).toEqual(quoteStay(pricing('en'), checkIn, checkOut, 6, 'en'));
    expect(en.json()).toMatchObject({
      currency: 'EUR',
      nights: 7,
      bookable: true,
      reason: null,
      // The sample house's municipality (Abrantes) charges no tourist tax (docs/content.md).
      total: 7 * 18000 + 5000 + 2 * 7 * 1500,
    });
    expect(en.json().lines.map((l: { kind: string }) => l.kind)).toEqual(['nights', 'cleaning', 'extraGuests']);
    const pt = await quote(`checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=2&locale=pt-PT`);
    expect(pt.json()).toMatchObject({
      bookable: false,
      reason: 'min_nights',
      message: expect.stringContaining('Verão'),
    });
  });

  it('says dates_unavailable when a night of the stay is taken', async () => {
    const checkIn = d(40);
    // Quoted free first: the quote kept for it is cleared when this server takes a night.
    expect((await quote(`checkIn=${checkIn}&checkOut=${d(45)}&guests=2`)).json().reason).not.toBe('dates_unavailable');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/blocks',
      headers: { cookie, origin: 'http://estadia.test' },
      payload: { start: d(42), end: d(43) },
    });
    const taken = await quote(`checkIn=${checkIn}&checkOut=${d(45)}&guests=2`);
    expect(taken.json()).toMatchObject({ bookable: false, reason: 'dates_unavailable' });
    // Leaving on the day the block starts is turnover, not a taken night.
    const free = await quote(`checkIn=${d(39)}&checkOut=${d(42)}&guests=2`);
    expect(free.json().reason).not.toBe('dates_unavailable');
  });

  it('refuses bad dates and guests with the error body naming the field', async () => {
    for (const [query, field] of [
      [`checkIn=${d(5)}&checkOut=${d(5)}&guests=2`, 'checkOut'],
      [`checkIn=${d(5)}&checkOut=${d(3)}&guests=2`, 'checkOut'],
      [`checkIn=2026-02-30&checkOut=${d(3)}&guests=2`, 'checkIn'],
      [`checkIn=${d(5)}&checkOut=${d(500)}&guests=2`, 'checkOut'],
      [`checkIn=${d(5)}&checkOut=${d(8)}&guests=0`, 'guests'],
      [`checkIn=${d(5)}&checkOut=${d(8)}&guests=8`, 'guests'],
      [`checkIn=${d(5)}&checkOut=${d(8)}&guests=2.5`, 'guests'],
      [`checkIn=${d(5)}&checkOut=${d(8)}`, 'guests'],
      [`checkIn=${d(5)}&checkOut=${d(8)}&guests=2&locale=fr`, 'locale'],
    ] as const) {
      const response = await quote(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatchObject({ code: 'invalid_field', field });
    }
  });

  it('gives the same quote as the page computes, for random stays', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 720 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('en', 'pt-PT'),
        async (start, nights, guests, locale) => {
          const checkIn = d(start);
          const checkOut = d(start + nights);
          const response = await quote(`checkIn=${checkIn}&checkOut=${checkOut}&guests=${guests}&locale=${locale}`);
          expect(response.json()).toEqual(quoteStay(pricing(locale), checkIn, checkOut, guests, locale));
        },
      ),
      { numRuns: 200, seed: 14 },
    );
  });

  it('is a 404 where the content has no prices', async () => {
    const other = await createTestApp({ CONTENT_DIR: 'tests/support/fixtures/other-house' });
    try {
      const response = await other.app.inject({
        method: 'GET',
        url: `/api/quote?checkIn=${d(5)}&checkOut=${d(8)}&guests=2`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    } finally {
      await other.close();
    }
  });
});

describe('the quote kept with an inquiry', () => {
  it('is the one the guest saw, in the owner’s mail and list, and stays when the prices change', async () => {
    const checkIn = summerSaturday();
    const checkOut = addDays(checkIn, 3);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { name: 'Ana', email: 'ana@example.com', guests: 6, checkIn, checkOut, locale: 'pt-PT' },
    });
    expect(sent.statusCode).toBe(202);
    const seen = quoteStay(pricing('pt-PT'), checkIn, checkOut, 6, 'pt-PT');
    const [mail] = await sink.waitFor(1);
    expect(mail!.parsed.text).toContain(`Total: ${formatAmount(seen.total, 'EUR', 'pt-PT')}`);
    expect(mail!.parsed.text).toContain(seen.message!);
    const listed = async (app: TestApp) =>
      (
        await app.app.inject({
          method: 'GET',
          url: '/api/admin/inquiries',
          headers: { cookie: await login(app.app), origin: 'http://estadia.test' },
        })
      ).json().items[0].quote;
    expect(await listed(t)).toEqual(seen);

    // A second server on the same data, its files' every price doubled: the stored quote is unchanged.
    // It reads its folder (CONTENT_SOURCE=files), where the database would give it the first's prices.
    const dir = mkdtempSync(join(tmpdir(), 'estadia-prices-'));
    cpSync('content', dir, { recursive: true });
    const raw = JSON.parse(readFileSync(join(dir, 'property.json'), 'utf8'));
    raw.pricing.nightly *= 2;
    raw.pricing.seasons[0].nightly *= 2;
    writeFileSync(join(dir, 'property.json'), JSON.stringify(raw));
    const repriced = await createTestApp({ DATABASE_URL: t.databaseUrl, CONTENT_DIR: dir, CONTENT_SOURCE: 'files' });
    try {
      expect(await listed(repriced)).toEqual(seen);
      const now = await repriced.app.inject({
        method: 'GET',
        url: `/api/quote?checkIn=${checkIn}&checkOut=${checkOut}&guests=6`,
      });
      expect(now.json().total).toBeGreaterThan(seen.total);
    } finally {
      await repriced.app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
