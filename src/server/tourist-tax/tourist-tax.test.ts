import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathOf, book, createBookingSite, type TestClock } from '../../../tests/support/server/booking-site.js';
import { json, login, type TestApp } from '../../../tests/support/server/test-app.js';
import { findBookingByCode, insertBooking } from '../stay-record/bookings-data.js';
import { paymentsOf } from '../payments/payments-data.js';
import { stayBody } from '../../../tests/support/server/stays.js';

// The tourist tax from the quote to the monthly return, under a Lisbon-like rule (€4 per person
// and night, from 13 years, at most 7 nights), on SQLite and PostgreSQL. The clock stands at
// 10 January 2027; the policy refunds 100 % from 60 days before arrival, 50 % from 30, then nothing.

const ROOT = join(import.meta.dirname, '../../..');
const demo = JSON.parse(readFileSync(join(ROOT, 'content/property.json'), 'utf8')) as { pricing: object };
const RULE = {
  municipality: 'Lisboa (test rule)',
  perGuestPerNight: 400,
  minAge: 13,
  maxNights: 7,
  exemptions: [{ code: 'medical', label: { en: 'Medical stay', 'pt-PT': 'Tratamento médico' } }],
  collectedBy: [{ channel: 'airbnb', from: '2027-01-01' }],
};

let site: TestApp & { clock: TestClock };
let cookie: string;

beforeAll(async () => {
  site = await createBookingSite({
    content: { pricing: { ...demo.pricing, touristTax: RULE } },
    env: { SUBMISSIONS_PER_WINDOW: '1000' },
  });
  cookie = await login(site.app);
});
afterAll(async () => site.close());

const get = (url: string) => site.app.inject({ url, headers: { cookie } });
const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  site.app.inject({ method, url, headers: { cookie, origin: 'http://estadia.test' }, ...json(payload) });
const taxLines = (quote: { lines: { kind: string; label: string; amount: number }[] }) =>
  quote.lines.filter((l) => l.kind === 'touristTax').map((l) => [l.label, l.amount]);

/** A bank-transfer booking, paid in full by the owner's mark. */
async function paidBooking(changes: Record<string, unknown>) {
  const created = await book(site.app, { paymentMethod: 'bank_transfer', ...changes });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const row = await findBookingByCode(site.app.db, created.body.code);
  const paid = await send('POST', `/api/admin/bookings/${created.body.code}/mark-paid`, {
    amountCents: row?.totalCents,
  });
  expect(paid.statusCode).toBe(200);
  return created.body;
}

describe('the quote', () => {
  it('has a line for the tax of the adults and children from the minimum age, in the page’s language', async () => {
    const stay = 'checkIn=2027-05-10&checkOut=2027-05-19';
    const en = (await get(`/api/quote?${stay}&adults=2&childrenAges=10&locale=en`)).json();
    expect(taxLines(en)).toEqual([['Municipal tourist tax: 2 guests × 7 nights × €4', 5600]]);
    const pt = (await get(`/api/quote?${stay}&adults=2&childrenAges=10,13&locale=pt-PT`)).json();
    expect(taxLines(pt)).toEqual([['Taxa turística municipal: 3 hóspedes × 7 noites × 4\u00a0€', 8400]]);
    // `guests=` alone is that many adults, as before children were asked.
    expect(taxLines((await get(`/api/quote?${stay}&guests=3`)).json())).toEqual([
      ['Municipal tourist tax: 3 guests × 7 nights × €4', 8400],
    ]);
    const tooMany = await get(`/api/quote?${stay}&adults=5&childrenAges=1,2,3`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({ code: 'invalid_field', field: 'adults' });
    const badAge = await get(`/api/quote?${stay}&adults=2&childrenAges=10,x`);
    expect(badAge.json().error).toMatchObject({ code: 'invalid_field', field: 'childrenAges.1' });
  });
});

describe('a booking with a child', () => {
  it('stores the children’s ages and counts the head count', async () => {
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-05-10',
      checkOut: '2027-05-19',
      guests: undefined,
      adults: 2,
      childrenAges: [10],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = await findBookingByCode(site.app.db, created.body.code);
    expect(row).toMatchObject({ guests: 3, childrenAges: '[10]', channel: 'direct', touristTaxCollectedBy: 'owner' });
    const quote = JSON.parse(row?.quote ?? '{}');
    expect(taxLines(quote)).toEqual([['Municipal tourist tax: 2 guests × 7 nights × €4', 5600]]);
    expect(created.body.dueNowCents).toBe(Math.ceil((row?.totalCents ?? 0) * 0.3));
  });
});

describe('the monthly return', () => {
  let direct: string;

  beforeAll(async () => {
    direct = (
      await paidBooking({
        checkIn: '2027-06-07',
        checkOut: '2027-06-16',
        guests: undefined,
        adults: 2,
        childrenAges: [10],
      })
    ).code;
    // A stay from Airbnb, which collected the tax itself: entered as the owner's form will enter it.
    const at = '2027-01-10T10:00:00.000Z';
    await insertBooking(site.app.db, {
      id: 'airbnb-stay-1',
      code: 'ABCD-23',
      status: 'confirmed',
      checkIn: '2027-06-28',
      checkOut: '2027-07-03',
      guests: 2,
      name: 'Host Guest',
      email: 'guest@airbnb.example',
      phone: null,
      country: 'FR',
      locale: 'en',
      message: '',
      paymentMethod: 'bank_transfer',
      quote: JSON.stringify({ currency: 'EUR', lines: [], total: 0 }),
      totalCents: 0,
      dueNowCents: 0,
      balanceDueOn: null,
      holdUntil: null,
      bankReference: null,
      stripeCustomer: null,
      stripePaymentMethod: null,
      overdueAt: null,
      terms: null,
      channel: 'airbnb',
      platformReference: 'HMABCDEF12',
      feedEventUid: null,
      commissionCents: 3000,
      childrenAges: '[]',
      touristTaxCollectedBy: 'platform',
      createdAt: at,
      updatedAt: at,
    });
  });

  it('lists each stay’s person-nights of the month, taxed and exempt with the reason, and what is due', async () => {
    const june = (await get('/api/admin/tourist-tax?month=2027-06')).json();
    expect(june).toMatchObject({ month: '2027-06', municipality: 'Lisboa (test rule)', currency: 'EUR' });
    expect(june.items).toEqual([
      {
        code: direct,
        channel: 'direct',
        checkIn: '2027-06-07',
        checkOut: '2027-06-16',
        nightsTaxed: 14,
        nightsExempt: 13,
        exempt: [
          { reason: 'under_age', label: 'Under 13', nights: 9 },
          { reason: 'past_max_nights', label: 'Past the first 7 nights', nights: 4 },
        ],
        collectedBy: 'owner',
        amountCents: 5600,
      },
      // 28, 29 and 30 June of the Airbnb stay; its 1 and 2 July count in July.
      expect.objectContaining({
        code: 'ABCD-23',
        channel: 'airbnb',
        nightsTaxed: 6,
        collectedBy: 'platform',
        amountCents: 2400,
      }),
    ]);
    expect(june.totals).toEqual({ nightsTaxed: 20, nightsExempt: 13, dueCents: 5600, platformCents: 2400 });
    const july = (await get('/api/admin/tourist-tax?month=2027-07')).json();
    expect(july.items).toEqual([expect.objectContaining({ code: 'ABCD-23', nightsTaxed: 4, amountCents: 1600 })]);
    expect(july.totals).toEqual({ nightsTaxed: 4, nightsExempt: 0, dueCents: 0, platformCents: 1600 });
  });

  it('takes out a guest the owner marks with a medical exemption, and refuses what the rule does not name', async () => {
    const url = `/api/admin/bookings/${direct}/tourist-tax-exemptions`;
    expect((await get(`${url}?locale=pt-PT`)).json()).toEqual({
      guests: [
        { guest: 0, age: null },
        { guest: 1, age: null },
        { guest: 2, age: 10 },
      ],
      choices: [{ code: 'medical', label: 'Tratamento médico' }],
      exemptions: [],
    });
    expect((await send('PUT', url, { exemptions: [{ guest: 1, code: 'medical' }] })).statusCode).toBe(204);
    expect((await get(url)).json()).toMatchObject({
      choices: [{ code: 'medical', label: 'Medical stay' }],
      exemptions: [{ guest: 1, code: 'medical' }],
    });
    expect((await get('/api/admin/bookings/ZZZZ-99/tourist-tax-exemptions')).statusCode).toBe(404);
    const june = (await get('/api/admin/tourist-tax?month=2027-06')).json();
    expect(june.items[0]).toMatchObject({
      nightsTaxed: 7,
      nightsExempt: 20,
      exempt: [
        { reason: 'medical', label: 'Medical stay', nights: 9 },
        { reason: 'under_age', label: 'Under 13', nights: 9 },
        { reason: 'past_max_nights', label: 'Past the first 7 nights', nights: 2 },
      ],
      amountCents: 2800,
    });
    expect(june.totals.dueCents).toBe(2800);
    // On a Portuguese screen the content's labels are Portuguese, and the rule's limits let the
    // screen word the two built-in reasons itself; the CSV stays in the owner's language.
    const junePt = (await get('/api/admin/tourist-tax?month=2027-06&locale=pt-PT')).json();
    expect(junePt.limits).toEqual({ minAge: 13, maxNights: 7 });
    expect(junePt.items[0].exempt[0]).toEqual({ reason: 'medical', label: 'Tratamento médico', nights: 9 });
    expect((await get('/api/admin/tourist-tax?month=2027-06&format=csv&locale=pt-PT')).body).toContain('Medical stay');
    expect((await get('/api/admin/tourist-tax?month=2027-06&locale=xx')).json().items[0].exempt[0].label).toBe(
      'Medical stay',
    );
    for (const exemptions of [[{ guest: 1, code: 'pilgrim' }], [{ guest: 3, code: 'medical' }]]) {
      const refused = await send('PUT', url, { exemptions });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'invalid_field', field: 'exemptions' });
    }
    expect((await send('PUT', url, { exemptions: [] })).statusCode).toBe(204);
  });

  it('downloads as CSV with a byte-order mark, whose totals are the screen’s', async () => {
    const screen = (await get('/api/admin/tourist-tax?month=2027-06')).json();
    const response = await get('/api/admin/tourist-tax?month=2027-06&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tourist-tax-2027-06.csv"');
    expect(response.body.startsWith('\uFEFFTourist tax return 2027-06,Lisboa (test rule)\r\n')).toBe(true);
    const rows = response.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    const last = (label: string) => rows.find((row) => row[0] === label)?.at(-1);
    expect(Number(last('Due to the municipality (collected by the owner)')) * 100).toBe(screen.totals.dueCents);
    expect(Number(last('Collected by platforms')) * 100).toBe(screen.totals.platformCents);
    const stays = rows.filter((row) => /^[2-9A-Z]{4}-[2-9A-Z]{2}$/.test(row[0] ?? ''));
    expect(
      stays.map((row) => [row[0], Number(row[4]), Number(row[5]), row[7], Math.round(Number(row[8]) * 100)]),
    ).toEqual(
      screen.items.map((i: Record<string, unknown>) => [
        i.code,
        i.nightsTaxed,
        i.nightsExempt,
        i.collectedBy,
        i.amountCents,
      ]),
    );
    const totalRow = rows.find((row) => row[0] === 'Total');
    expect([Number(totalRow?.[4]), Number(totalRow?.[5])]).toEqual([
      screen.totals.nightsTaxed,
      screen.totals.nightsExempt,
    ]);
  });

  it('refuses a month that is not one', async () => {
    for (const month of ['2027-13', '2027-6', 'june', '']) {
      const response = await get(`/api/admin/tourist-tax?month=${month}`);
      expect(response.statusCode, month).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_field', field: 'month' });
    }
    expect((await site.app.inject({ url: '/api/admin/tourist-tax?month=2027-06' })).statusCode).toBe(401);
  });
});

describe('a cancelled stay', () => {
  it('gives the tax back in full, even when the tiers give nothing of the price', async () => {
    // 15 days before arrival: the tiers refund nothing of the price; 2 × 3 × €4 of tax comes back.
    const booking = await paidBooking({ checkIn: '2027-01-25', checkOut: '2027-01-28', guests: 2 });
    const guestPage = (await site.app.inject({ url: apiPathOf(booking.bookingUrl) })).json();
    expect(guestPage.refundIfCancelledCents).toBe(2400);
    const owner = await send('POST', `/api/admin/bookings/${booking.code}/cancel`, { refundCents: 0 });
    // The owner's own refund may keep the price, never the tax.
    expect(owner.statusCode).toBe(400);
    expect(owner.json().error).toMatchObject({ code: 'invalid_field', field: 'refundCents' });
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(booking.bookingUrl, '/cancel') });
    expect(cancelled.json()).toEqual({ status: 'cancelled', refundCents: 2400 });
    expect((await get('/api/admin/tourist-tax?month=2027-01')).json().items).toEqual([]);
  });
});

describe('a stay moved to other dates', () => {
  it('recomputes the tax for the new nights and plans back what was paid for nights no longer stayed', async () => {
    const booking = await paidBooking({ checkIn: '2027-09-06', checkOut: '2027-09-11', guests: 2 });
    const before = await findBookingByCode(site.app.db, booking.code);
    const moved = await send('POST', `/api/admin/bookings/${booking.code}/dates`, {
      checkIn: '2027-09-06',
      checkOut: '2027-09-09',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await findBookingByCode(site.app.db, booking.code);
    // 2 guests × 5 nights × €4 becomes 2 × 3 × €4; the price of the nights stays as agreed (0025).
    expect(taxLines(JSON.parse(after?.quote ?? '{}'))).toEqual([
      ['Municipal tourist tax: 2 guests × 3 nights × €4', 2400],
    ]);
    expect(after?.totalCents).toBe((before?.totalCents ?? 0) - 1600);
    const refunds = (await paymentsOf(site.app.db, [after?.id ?? ''])).filter((p) => p.kind === 'refund');
    expect(refunds.map((r) => [r.method, r.amountCents, r.status])).toEqual([['bank_transfer', 1600, 'pending']]);

    // Longer again: the tax owed grows, as part of what the guest still owes.
    await send('POST', `/api/admin/bookings/${booking.code}/dates`, { checkIn: '2027-09-06', checkOut: '2027-09-13' });
    const longer = await findBookingByCode(site.app.db, booking.code);
    expect(taxLines(JSON.parse(longer?.quote ?? '{}'))).toEqual([
      ['Municipal tourist tax: 2 guests × 7 nights × €4', 5600],
    ]);
    expect(longer?.totalCents).toBe((before?.totalCents ?? 0) + 1600);
  });
});

describe('an entered stay whose platform collected the tax, moved to other dates', () => {
  it('gets no tax line and keeps its price and total, while the return counts its new nights as the platform’s', async () => {
    const entered = await send(
      'POST',
      '/api/admin/stays',
      stayBody({ checkIn: '2027-10-11', checkOut: '2027-10-14', touristTaxCollectedBy: 'platform' }),
    );
    expect(entered.statusCode, entered.body).toBe(201);
    const { code } = entered.json<{ code: string }>();
    const before = await findBookingByCode(site.app.db, code);
    const moved = await send('POST', `/api/admin/bookings/${code}/dates`, {
      checkIn: '2027-10-11',
      checkOut: '2027-10-16',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await findBookingByCode(site.app.db, code);
    expect(taxLines(JSON.parse(after?.quote ?? '{}'))).toEqual([]);
    expect(after).toMatchObject({ status: 'paid', totalCents: before?.totalCents, paidCents: before?.paidCents });
    expect(moved.json()).toMatchObject({ dueCents: 0 });
    expect(await paymentsOf(site.app.db, [after?.id ?? ''])).toEqual([]);
    // The two adults' five nights at €4 (the child is under 13), collected by the platform, none due.
    const october = (await get('/api/admin/tourist-tax?month=2027-10')).json();
    expect(october.items).toEqual([expect.objectContaining({ code, collectedBy: 'platform', amountCents: 4000 })]);
    expect(october.totals).toMatchObject({ dueCents: 0, platformCents: 4000 });
  });
});

describe('a cancelled stay paid by a deposit only', () => {
  it('gives back the tax the deposit carried, in full, and the tiers’ share of the rest', async () => {
    // 45 days before arrival: the tiers give back half of the price paid.
    const created = await book(site.app, {
      paymentMethod: 'bank_transfer',
      checkIn: '2027-02-24',
      checkOut: '2027-02-27',
      guests: 2,
    });
    const row = await findBookingByCode(site.app.db, created.body.code);
    const total = row?.totalCents ?? 0;
    const deposit = created.body.dueNowCents;
    expect(deposit).toBe(Math.ceil(total * 0.3));
    await send('POST', `/api/admin/bookings/${created.body.code}/mark-paid`, { amountCents: deposit });
    const taxInDeposit = Math.ceil((deposit * 2400) / total);
    const cancelled = await site.app.inject({ method: 'POST', url: apiPathOf(created.body.bookingUrl, '/cancel') });
    expect(cancelled.json()).toEqual({
      status: 'cancelled',
      refundCents: taxInDeposit + Math.floor(((deposit - taxInDeposit) * 50) / 100),
    });
  });
});
