import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { contentEditor, contentFile, type ContentEditor } from '../../../tests/support/server/content-editor.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { findBookingByCode } from '../stay-record/bookings-data.js';

// A stay keeps the tourist tax's rule it was booked under (docs/decisions/0053-a-stay-keeps-its-
// tourist-tax-rule.md), on SQLite and PostgreSQL: a month's return, once filed, stays as filed
// when the owner later raises the rate, and a stay booked before the tax existed owes none.

const content = contentFile();

/** The site's published content with a tourist tax of `perGuestPerNight` cents. */
async function publishTax(perGuestPerNight: number) {
  const published = (await editor.state()).json().published.content as typeof content;
  const touristTax = { municipality: 'Abrantes', perGuestPerNight, maxNights: 7 };
  await editor.publishContent({ ...published, pricing: { ...published.pricing, touristTax } });
}

let site: TestApp & { clock: TestClock };
let cookie: string;
let editor: ContentEditor;

beforeAll(async () => {
  // The demo's prices, with no tourist tax yet.
  site = await createBookingSite({ content: { pricing: content.pricing }, env: { SUBMISSIONS_PER_WINDOW: '1000' } });
  cookie = await login(site.app);
  editor = await contentEditor(site.app);
});
afterAll(async () => site.close());

const get = (url: string) => site.app.inject({ url, headers: { cookie } });
const post = (url: string, payload: object) =>
  site.app.inject({ method: 'POST', url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });

/** A bank-transfer booking of two adults, paid in full by the owner's mark. */
async function paidStay(checkIn: string, checkOut: string) {
  const created = await book(site.app, { paymentMethod: 'bank_transfer', checkIn, checkOut, guests: 2 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const row = await findBookingByCode(site.app.db, created.body.code);
  const paid = await post(`/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: row?.totalCents });
  expect(paid.statusCode, paid.body).toBe(200);
  return { code: created.body.code as string, totalCents: row?.totalCents ?? 0 };
}

const taxOfRow = async (code: string) => {
  const row = await findBookingByCode(site.app.db, code);
  const quote = JSON.parse(row?.quote ?? '{}') as { lines: { kind: string; amount: number }[] };
  return quote.lines.filter((l) => l.kind === 'touristTax').reduce((sum, l) => sum + l.amount, 0);
};

describe('a change of the tourist tax rule', () => {
  let before: { code: string; totalCents: number };
  let under200: { code: string };

  it('leaves a filed month’s return, its report and its stays’ tax as they were', async () => {
    // Booked while the content had no tourist tax: no tax line, nothing owed.
    before = await paidStay('2027-03-01', '2027-03-04');
    expect(await taxOfRow(before.code)).toBe(0);
    await publishTax(200);
    under200 = await paidStay('2027-03-10', '2027-03-13');
    expect(await taxOfRow(under200.code)).toBe(2 * 3 * 200);

    // April: the owner files March.
    site.clock.set(Date.UTC(2027, 3, 2, 9));
    const filed = (await get('/api/admin/tourist-tax?month=2027-03')).json();
    expect(filed.municipality).toBe('Abrantes');
    expect(filed.items.map((i: { code: string }) => i.code)).toEqual([under200.code]);
    expect(filed.totals).toEqual({ nightsTaxed: 6, nightsExempt: 0, dueCents: 1200, platformCents: 0 });
    const filedCsv = (await get('/api/admin/tourist-tax?month=2027-03&format=csv')).body;
    const report = (await get('/api/admin/reports?year=2027')).json();
    const march = report.months.find((m: { month: string; channel: string }) => m.month === '2027-03');
    expect(march).toMatchObject({ touristTaxCents: 1200, touristTaxDueCents: 1200 });

    // The rate rises to €3: a stay booked now pays it, March stays as filed.
    await publishTax(300);
    const under300 = await paidStay('2027-05-10', '2027-05-12');
    expect(await taxOfRow(under300.code)).toBe(2 * 2 * 300);
    expect((await get('/api/admin/tourist-tax?month=2027-03')).json()).toEqual(filed);
    expect((await get('/api/admin/tourist-tax?month=2027-03&format=csv')).body).toBe(filedCsv);
    expect((await get('/api/admin/reports?year=2027')).json().months).toContainEqual(march);
    expect((await get('/api/admin/tourist-tax?month=2027-05')).json().totals.dueCents).toBe(1200);
  });

  it('keeps a moved stay’s own rate, and a stay booked before the tax without any', async () => {
    // Moved to May, after the rise: still €2 a person and night, as when it was booked.
    const moved = await post(`/api/admin/bookings/${under200.code}/dates`, {
      checkIn: '2027-05-20',
      checkOut: '2027-05-24',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await taxOfRow(under200.code)).toBe(2 * 4 * 200);
    const movedBefore = await post(`/api/admin/bookings/${before.code}/dates`, {
      checkIn: '2027-06-01',
      checkOut: '2027-06-05',
    });
    expect(movedBefore.statusCode, movedBefore.body).toBe(200);
    expect(await taxOfRow(before.code)).toBe(0);
    expect((await findBookingByCode(site.app.db, before.code))?.totalCents).toBe(before.totalCents);
    const may = (await get('/api/admin/tourist-tax?month=2027-05')).json();
    expect(may.items.find((i: { code: string }) => i.code === under200.code)?.amountCents).toBe(1600);
    expect((await get('/api/admin/tourist-tax?month=2027-06')).json().items).toEqual([]);
  });
});
